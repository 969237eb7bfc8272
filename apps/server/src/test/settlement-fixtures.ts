import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { persons } from '../db/schema';
import { SETTLEMENT_COLUMNS } from '../modules/settlement/settlement.service';
import { makeApplication, makeCoverage } from './payable-fixtures';

/**
 * Settlement files and coverages for the tests of settlements, treatments and payouts: the
 * bureau's file as the operator loads it (CSV), and cover as a confirmed payment leaves it.
 */

export interface StayLine {
  no: string;
  certNo: string;
  name?: string;
  hospital?: string;
  level?: string;
  kind?: string;
  admitted: string;
  discharged: string;
  settled?: string;
  total?: string;
  policy?: string;
  fund?: string;
  /** 政策范围内个人自付 (yuan): what the banded rule counts. */
  selfPolicy: string;
  selfExcluded?: string;
  code?: string;
  diagnosis?: string;
  reversed?: string;
}

export const SETTLEMENT_HEADER = SETTLEMENT_COLUMNS.map((c) => c.header).join(',');

/** A CSV line of the bureau's file; the amounts not given follow from the self-pay. */
export function stayCells(s: StayLine): string[] {
  const self = Number(s.selfPolicy);
  return [
    s.no,
    s.certNo,
    s.name ?? '参保人',
    s.hospital ?? '中南大学湘雅医院',
    s.level ?? '三级',
    s.kind ?? '住院',
    s.admitted,
    s.discharged,
    s.settled ?? s.discharged,
    s.total ?? String(self * 4 + 500),
    s.policy ?? String(self * 4),
    s.fund ?? String(self * 3),
    s.selfPolicy,
    s.selfExcluded ?? '500',
    s.code ?? 'K35.800',
    s.diagnosis ?? '急性阑尾炎',
    s.reversed ?? '否',
  ];
}

export const settlementCsv = (lines: StayLine[], extra: string[] = []) =>
  Buffer.from(`\uFEFF${[SETTLEMENT_HEADER, ...lines.map((l) => stayCells(l).join(',')), ...extra].join('\r\n')}\r\n`, 'utf8');

export const fileOf = (name: string, bytes: Buffer) => ({ fileName: name, input: Readable.from([bytes]) });

/** A person covered by a product of a year (a paid application of the unit and its coverage). */
export async function coverPerson(
  db: Db,
  c: { uact: string; year: number; personId: number; productCode?: string; shares?: number; coveredFrom?: string },
) {
  const productCode = c.productCode ?? '01';
  const applicationId = await makeApplication(db, {
    uact: c.uact,
    year: c.year,
    state: 'paid',
    lines: [{ personId: c.personId, productCode, shares: c.shares ?? 1 }],
  });
  await makeCoverage(db, {
    applicationId,
    personId: c.personId,
    productCode,
    coveredFrom: c.coveredFrom ?? `${c.year}-01-01`,
    uact: c.uact,
    year: c.year,
    shares: c.shares ?? 1,
  });
}

export async function setBankCard(db: Db, personId: number, card: string | null) {
  await db
    .update(persons)
    .set({ bankName: card ? '中国工商银行长沙分行' : null, bankCard: card })
    .where(eq(persons.id, personId));
}
