import { desc, eq } from 'drizzle-orm';
import { outbox } from '../db/schema';
import type { TestHall } from './harness';

/** The last message the outbox sender wrote to a phone or address. */
export async function lastMessage(hall: TestHall, target: string) {
  const [row] = await hall.db.select().from(outbox).where(eq(outbox.target, target)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

/** The code of the last verification message to a target, as a user reads it off the phone. */
export async function lastCode(hall: TestHall, target: string): Promise<string> {
  const code = (await lastMessage(hall, target))?.content.match(/验证码(?:为)?(\d{6})/)?.[1];
  if (!code) throw new Error(`no code sent to ${target}`);
  return code;
}
