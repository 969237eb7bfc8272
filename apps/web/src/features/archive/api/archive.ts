import { useQuery } from '@tanstack/react-query';
import { featureCalls } from '@hall/shared/contracts/features.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';
import { request } from '../../../lib/request';

export type PersonalArchive = CallData<typeof featureCalls.archivePersonal>;
export type UnitArchive = CallData<typeof featureCalls.archiveUnit>;

export const archiveKey = ['archive'] as const;

/** archivePersonal: the person's 互助档案 (refused by the server while the flag is off). */
export const fetchPersonalArchive = () => request.call(featureCalls.archivePersonal, {}, { silent: true }).then((a) => a.data);
export const usePersonalArchive = (enabled = true) =>
  useQuery({ queryKey: [...archiveKey, 'personal'], queryFn: fetchPersonalArchive, enabled, retry: false });

/** archiveUnit: the unit's 互助档案. */
export const fetchUnitArchive = () => request.call(featureCalls.archiveUnit, {}, { silent: true }).then((a) => a.data);
export const useUnitArchive = (enabled = true) =>
  useQuery({ queryKey: [...archiveKey, 'unit'], queryFn: fetchUnitArchive, enabled, retry: false });

/** The exports (Excel). */
export const exportPersonalArchive = () => download(featureCalls.archivePersonalExport, {}, '个人互助档案.xlsx');
export const exportUnitArchive = () => download(featureCalls.archiveUnitExport, {}, '单位互助档案.xlsx');
