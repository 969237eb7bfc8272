import { useQuery } from '@tanstack/react-query';
import { fileCalls } from '@hall/shared/contracts/files.ts';
import { unionCalls } from '@hall/shared/contracts/union.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

export type UnionInfo = CallData<typeof unionCalls.unionInfo>;
export type UnionChange = CallData<typeof unionCalls.unionInfoSubmit>;
export type UnionForm = CallInput<typeof unionCalls.unionInfoSubmit>;
export type SysUser = CallData<typeof unionCalls.sysUserByUact>;

/** queryInfo: the approved record, the pending change, the last rejection. */
export const fetchUnionInfo = () => request.call(unionCalls.unionInfo).then((a) => a.data);
export const unionInfoKey = ['union', 'info'] as const;
export const useUnionInfo = () => useQuery({ queryKey: unionInfoKey, queryFn: fetchUnionInfo });

/** submitChange: a change under review (审核中); the record changes on approval only. */
export const submitUnionChange = (form: UnionForm) => request.call(unionCalls.unionInfoSubmit, form).then((a) => a.data);

/** uploadFile (multipart, not sealed): a document (证明材料) to send with the change; the upload is the union's own. */
export function uploadUnionDocument(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return request.call(fileCalls.fileUpload, body, { headers: { 'Content-Type': 'multipart/form-data' } }).then((a) => a.data);
}
export const useUploadUnionDocument = () => useChange(uploadUnionDocument);

/** withdrawChange: 撤回 a pending change. */
export const withdrawUnionChange = (id: number) => request.call(unionCalls.unionInfoWithdraw, { id }).then((a) => a.data);

/** getSysUserByUact (spec §7): the account's system user and union basics. */
export const fetchSysUser = (uact: string) => request.call(unionCalls.sysUserByUact, { uact }, { silent: true }).then((a) => a.data);
export const useSysUser = (uact: string | undefined) =>
  useQuery({ queryKey: ['union', 'sysUser', uact], queryFn: () => fetchSysUser(uact!), enabled: Boolean(uact), staleTime: 60_000 });
