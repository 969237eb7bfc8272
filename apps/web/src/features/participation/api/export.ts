import { participationCalls } from '@hall/shared/contracts/participation.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { useChange } from '../../../lib/use-change';

export type ExportQuery = CallInput<typeof participationCalls.joinMedSituationExport>;

/** The filtered person list as an Excel file (sent plain; a refusal shows 下载失败：…). */
export const exportParticipation = (query: ExportQuery, fileName: string) =>
  download(participationCalls.joinMedSituationExport, query, fileName);
export const useExportParticipation = () =>
  useChange(({ query, fileName }: { query: ExportQuery; fileName: string }) => exportParticipation(query, fileName));
