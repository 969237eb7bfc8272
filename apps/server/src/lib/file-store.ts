import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import { DatabaseFileStore } from './db-file-store';
import { createFileStore, type FileStore } from './storage';

/**
 * The file store the settings choose: HALL_FILE_STORE=db keeps the bytes in the database (several
 * app nodes), `dir` (the default, one node) in HALL_FILE_DIR (in memory for memory://).
 */
export const fileStoreFor = (config: Pick<Config, 'fileStore' | 'fileDir'>, db: Db, clock?: Clock): FileStore =>
  config.fileStore === 'db' ? new DatabaseFileStore(db, clock) : createFileStore(config.fileDir);
