import type { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';

/** The units of the settlement bench's city (the demo's), the first of them the big one. */
export const UNITS = ['qydw92101', 'dlgh99001', 'fhgh93101', 'fhgh93102', 'lhgh92001', 'hygh93001'];
/** The big unit's share of the people (and so of the rows). */
export const BIG_SHARE = 0.04;
/** The district of the bench's people's ID numbers. */
export const DISTRICT = '430111';

export type Row = Record<string, unknown>;
export const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
/** The unit (index into UNITS) of the k-th of `people` people. */
export const unitOfPerson = (k: number, people: number) => (k < people * BIG_SHARE ? 0 : 1 + (k % (UNITS.length - 1)));
