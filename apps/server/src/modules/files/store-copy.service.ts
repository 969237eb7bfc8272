import { createHash } from 'node:crypto';
import { DatabaseFileStore } from '../../lib/db-file-store';
import { createFileStore, type FileStore } from '../../lib/storage';
import type { HallContext } from '../../types';
import { fileHashesAfter } from './files.repository';

/*
 * Moving a deployment's files between the two stores (docs/operations.md, "Files"): before the
 * nodes are switched to HALL_FILE_STORE=db, every file of the directory is copied into the
 * database (and back the other way, to leave it). Nothing is deleted: the source stays until the
 * operator removes it after the switch. Run again, it copies only what the target still lacks.
 */

export type StoreKind = 'dir' | 'db';

export interface StoreCopy {
  copied: number;
  /** Already in the target with the recorded bytes. */
  present: number;
  /** In neither store: named, not copied. */
  missing: string[];
  /** In the source with bytes other than the ones recorded at upload: named, not copied. */
  damaged: string[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PAGE = 500;

export async function copyFileStore(ctx: HallContext, to: StoreKind): Promise<StoreCopy> {
  const dir = createFileStore(ctx.config.fileDir);
  const db = new DatabaseFileStore(ctx.db);
  const [source, target]: FileStore[] = to === 'db' ? [dir, db] : [db, dir];
  const done: StoreCopy = { copied: 0, present: 0, missing: [], damaged: [] };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await fileHashesAfter(ctx.db, after, PAGE);
    for (const file of page) {
      const there = await target.get(file.id);
      if (there && sha256(there) === file.sha256) {
        done.present++;
        continue;
      }
      const bytes = await source.get(file.id);
      if (!bytes) done.missing.push(file.id);
      else if (sha256(bytes) !== file.sha256) done.damaged.push(file.id);
      else {
        await target.put(file.id, bytes);
        done.copied++;
      }
    }
    if (page.length < PAGE) return done;
    after = page[page.length - 1]!.id;
  }
}
