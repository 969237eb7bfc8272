import { orgCalls } from '@hall/shared/contracts/org.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';
import { subKey } from './sub-page';

export type SubAddForm = CallInput<typeof orgCalls.subAdd>;
export type SubUpdateForm = CallInput<typeof orgCalls.subUpdate>;

/** insertData: a subordinate with its account (the first password goes to the contact by SMS). */
export const addSub = (form: SubAddForm) => request.call(orgCalls.subAdd, form).then((a) => a.data);

/** updateInfoByID: the subordinate's name, credit code, contact and address. */
export const updateSub = (form: SubUpdateForm) => request.call(orgCalls.subUpdate, form).then((a) => a.data);

/** updateAccountState: 停用 / 启用. */
export const setSubAccount = ({ id, enabled }: { id: string; enabled: boolean }) =>
  request.call(orgCalls.subAccount, { id, enabled }).then((a) => a.data);

/** notifyDeclare: 通知申报 for one or several enterprises. */
export const notifySubs = (ids: string[]) => request.call(orgCalls.subNotify, { ids }).then((a) => a.data);

/** updateDataByID: the authorization state of a branch ('2' 解除授权, '1' 恢复授权) with its reason. */
export const setSubAuthorization = (input: { id: string; authState: '1' | '2'; reason: string }) =>
  request.call(orgCalls.uactRelevUpdate, input).then((a) => a.data);

/** updateDataByID: 通知申报 of one enterprise. */
export const notifySub = (id: string) => request.call(orgCalls.uactRelevUpdate, { id, notifyState: '1' }).then((a) => a.data);

/** 通知申报 of one enterprise or several (the answer counts those notified). */
const notify = (ids: string[]) => (ids.length === 1 ? notifySub(ids[0]).then(() => ({ notified: 1 })) : notifySubs(ids));

/** The writes of the list page; the list follows each. */
export const useAddSub = () => useChange(addSub, [subKey]);
export const useUpdateSub = () => useChange(updateSub, [subKey]);
export const useNotifySubs = () => useChange(notify, [subKey]);
export const useSetSubAccount = () => useChange(setSubAccount, [subKey]);
export const useSetSubAuthorization = () => useChange(setSubAuthorization, [subKey]);
