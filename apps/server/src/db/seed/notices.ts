import { cityUnion } from '@hall/shared';
import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/storage';
import type { Db } from '../client';
import { files, notices } from '../schema';
import { CHECKLIST_LINES, demoNotices } from './demo-notices';
import { simplePdf } from './pdf';

const DAY_MS = 86_400_000;

/**
 * Three notices and two policy documents for the demo gateway, the first with a real PDF
 * attachment. Idempotent on its own: nothing is added once any notice exists.
 */
export async function seedDemoNotices(db: Db, clock: Clock, city: string, store: FileStore) {
  const [any] = await db.select({ id: notices.id }).from(notices).limit(1);
  if (any) return false;
  const now = clock.now();
  const year = Number(now.toISOString().slice(0, 4));
  const pdf = simplePdf(`${year} Mutual Aid Enrolment`, CHECKLIST_LINES);
  const fileId = randomUUID();
  await store.put(fileId, pdf);
  await db.insert(files).values({
    id: fileId,
    ownerKind: 'operator',
    ownerKey: 'seed',
    visibility: 'public',
    name: '职工医疗互助申报材料清单.pdf',
    mime: 'application/pdf',
    size: pdf.length,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    createdAt: now,
  });
  await db.insert(notices).values(
    demoNotices(city, year).map((n) => {
      const at = new Date(now.getTime() - n.daysAgo * DAY_MS);
      return {
        kind: n.kind,
        title: n.title,
        content: n.content,
        publisher: cityUnion(city),
        status: 'published',
        publishedAt: at,
        attachmentIds: n.withChecklist ? [fileId] : [],
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  return true;
}
