import { APPLICATION_STATE_LABELS, applicationNo, CLAIM_STATE_LABELS, maskCertNo, type StoredApplicationState } from '@hall/shared';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext, OperatorCaller } from '../../types';
import * as repo from './search.repository';

export type SearchHit =
  | { kind: 'unit'; id: number; title: string; subtitle: string }
  | { kind: 'person'; id: number; title: string; subtitle: string }
  | { kind: 'application'; id: number; title: string; subtitle: string }
  | { kind: 'claim'; id: number; title: string; subtitle: string };

/**
 * The back office's search box: an application (SQ…) or a claim (BZ…) by its number, a unit by its
 * account, credit code or a part of its name, a person by the whole ID number or name. A person's
 * ID number is shown masked (unmasking is an audited action of its own).
 */
export async function search(ctx: HallContext, keyword: string): Promise<{ list: SearchHit[] }> {
  const text = keyword.trim();
  const application = /^SQ(\d{4})(\d{6,})$/i.exec(text);
  if (application) {
    const found = await repo.applicationById(ctx.db, Number(application[2]), Number(application[1]));
    const hits: SearchHit[] = found
      ? [
          {
            kind: 'application',
            id: found.id,
            title: applicationNo(found.year, found.id),
            subtitle: `${found.empName} · ${APPLICATION_STATE_LABELS[found.state as StoredApplicationState] ?? found.state}`,
          },
        ]
      : [];
    return { list: hits };
  }
  if (/^BZ\d+$/i.test(text)) {
    const found = await repo.claimByNo(ctx.db, text.toUpperCase());
    const label = (state: string) => CLAIM_STATE_LABELS[state as keyof typeof CLAIM_STATE_LABELS] ?? state;
    return {
      list: found ? [{ kind: 'claim', id: found.id, title: found.claimNo, subtitle: `${found.personName} · ${label(found.state)}` }] : [],
    };
  }
  const [units, persons] = await Promise.all([repo.unitsBy(ctx.db, text), repo.personsBy(ctx.db, text)]);
  return {
    list: [
      ...units.map(
        (u): SearchHit => ({
          kind: 'unit',
          id: u.id,
          title: u.empName,
          subtitle: `${u.uact} · ${u.level === 1 ? '一级工会' : '基层单位'}`,
        }),
      ),
      ...persons.map((p): SearchHit => ({ kind: 'person', id: p.id, title: p.name, subtitle: maskCertNo(p.certNo) })),
    ],
  };
}

/** A person's whole ID number and phone, for one who must see them: audited with the reason. */
export async function unmaskPerson(ctx: HallContext, operator: OperatorCaller, input: { personId: number; reason: string }) {
  const person = await repo.personById(ctx.db, input.personId);
  if (!person) throw refuse('人员不存在');
  await auditOperator(ctx.db, ctx.clock.now(), operator.name, {
    command: 'person-unmask',
    personId: person.id,
    certNo: maskCertNo(person.certNo),
    reason: input.reason,
  });
  return { name: person.name, certNo: person.certNo, phone: person.phone };
}
