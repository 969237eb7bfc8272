import { unionCalls } from '@hall/shared/contracts/union.ts';
import { fetchBlob } from '../../../lib/blob';

/** One document of a change, for the inline view. */
export const fetchUnionChangeFile = (id: number, fileId: string, mime: string) =>
  fetchBlob(unionCalls.opsUnionChangeFile, { id, fileId }, mime);

export const unionChangeFileKey = (id: number, fileId: string) => ['ops', 'union-change-file', id, fileId] as const;
