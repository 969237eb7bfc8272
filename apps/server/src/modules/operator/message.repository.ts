import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { persons } from '../../db/schema';

export async function personByCertNo(db: Db, certNo: string) {
  const [row] = await db
    .select({ certNo: persons.certNo, name: persons.name })
    .from(persons)
    .where(and(eq(persons.certType, '01'), eq(persons.certNo, certNo)));
  return row;
}
