import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { ApiPath } from '@hall/shared';
import type { Db } from '../db/client';
import { persons, staff, units } from '../db/schema';
import { readTable } from '../lib/table-file';
import { createTestHall, type TestHall } from './harness';
import { certNoOf, nameOf, registerPersons } from './staff-fixtures';

/*
 * What the staff test files share. Each calls createStaffHall for a hall of its own, so the
 * files stay independent; the rosters they upload are built with csv and line.
 */

export interface StaffHall {
  hall: TestHall;
  token: string; // qydw92101 (insured, level 2 under 92)
  otherToken: string; // hygh93001
  personToken: string;
  unitId: number;
}

export async function createStaffHall(): Promise<StaffHall> {
  const hall = await createTestHall();
  const token = (await hall.loginUnit('qydw92101')).data.accessToken;
  const otherToken = (await hall.loginUnit('hygh93001')).data.accessToken;
  const personToken = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  const [{ id: unitId }] = await hall.db.select({ id: units.id }).from(units).where(eq(units.uact, 'qydw92101'));
  // People the bureau knows: 0-49 active; 50 registered but inactive.
  await registerPersons(hall.db, [
    ...Array.from({ length: 50 }, (_, n) => ({ certNo: certNoOf(n), name: nameOf(n) })),
    { certNo: certNoOf(50), name: nameOf(50), active: false },
  ]);
  return { hall, token, otherToken, personToken, unitId };
}

/** Person n's staff rows, at any unit. */
export async function staffRowsOf(db: Db, n: number) {
  return db
    .select({ id: staff.id, unitId: staff.unitId, leftOn: staff.leftOn })
    .from(staff)
    .innerJoin(persons, eq(persons.id, staff.personId))
    .where(eq(persons.certNo, certNoOf(n)));
}

/** A multipart upload to the roster import, as the portal sends it. */
export const importRoster = (hall: TestHall, name: string, bytes: Buffer, t: string) =>
  hall.upload({ name, bytes }, t, ApiPath.staffImport);

export const HEADER = '姓名,身份证号码,人员类别,联系电话,开户银行,银行卡号,入职日期';
export const csv = (...lines: string[]) => Buffer.from('\uFEFF' + [HEADER, ...lines].join('\r\n'), 'utf8');
export const line = (n: number, extra: Partial<Record<'name' | 'type' | 'phone' | 'bank' | 'card' | 'date', string>> = {}) =>
  [
    extra.name ?? nameOf(n),
    certNoOf(n),
    extra.type ?? '在职职工',
    extra.phone ?? '',
    extra.bank ?? '',
    extra.card ?? '',
    extra.date ?? '2025-06-01',
  ].join(',');

export async function tableOf(bytes: Buffer) {
  const rows: string[][] = [];
  for await (const r of readTable(Readable.from(bytes), 'xlsx')) rows.push(r.cells);
  return rows;
}
