import { agentCalls } from '@hall/shared/contracts/agent.ts';
import { biddingCalls } from '@hall/shared/contracts/bidding.ts';
import { fileCalls } from '@hall/shared/contracts/files.ts';
import { registrationCalls } from '@hall/shared/contracts/registration.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { messages } from '@hall/shared/validation/messages.ts';
import { download } from '../../../lib/download';
import { request, RequestError } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

/** Level-1 unions (92/93) a unit registers under (GET queryFirstContact). */
export const fetchFirstContacts = () => request.call(registrationCalls.queryFirstContact).then((a) => a.data ?? []);

/** The same, filtered by name (POST queryFirstContactForOrg {empName}). */
export const searchFirstContacts = (empName: string) =>
  request.call(registrationCalls.queryFirstContactForOrg, { empName }).then((a) => a.data ?? []);

export interface UnitCheck {
  empUact?: string;
  empName?: string;
  uscc?: string;
}

/**
 * register/checkUnitinfo or publicBidding/checkUnitinfo: resolves when every given field is free,
 * with `resubmit` true when the account is a rejected registration (a correction needs the code
 * sent to the original applicant's phone).
 */
export const checkUnitInfo = (fields: UnitCheck, bidding = false) =>
  request
    .call(bidding ? biddingCalls.biddingCheckUnitInfo : registrationCalls.checkUnitInfo, fields)
    .then((a) => Boolean(a.data?.resubmit));

const insertRegisterInfo = (form: CallInput<typeof registrationCalls.insertRegisterInfo>) =>
  request.call(registrationCalls.insertRegisterInfo, form).then((a) => a.data);
export const useInsertRegisterInfo = () => useChange(insertRegisterInfo);

/** checkUnitInfo of step 1: the account alone. */
export const useCheckAccount = () => useChange((empUact: string) => checkUnitInfo({ empUact }));

/** selectRegUserInfo {empUact}: the state of a registration (the phone masked). */
export const selectRegUserInfo = (empUact: string) =>
  request.call(registrationCalls.selectRegUserInfo, { empUact }, { silent: true }).then((a) => a.data);

export const biddingRegister = (form: CallInput<typeof biddingCalls.biddingRegister>) =>
  request.call(biddingCalls.biddingRegister, form).then((a) => a.data);

/** 授权委托书 filled with the unit's data (binary, 5 s timeout, 下载失败：… on failure). */
const downloadPowerOfAttorney = (form: CallInput<typeof biddingCalls.powerOfAttorney>) =>
  download(biddingCalls.powerOfAttorney, form, '授权委托书.docx');
export const useDownloadPowerOfAttorney = () => useChange(downloadPowerOfAttorney);

/** uploadFile: multipart, not sealed; the answer is an envelope with {fileId, name, size}. */
function uploadFile(file: File): Promise<CallData<typeof fileCalls.fileUpload>> {
  const body = new FormData();
  body.append('file', file, file.name);
  // multipart/form-data keeps axios from turning the FormData into JSON; the browser adds the boundary.
  return request.call(fileCalls.fileUpload, body, { headers: { 'Content-Type': 'multipart/form-data' } }).then((a) => a.data);
}
export const useUploadFile = () => useChange(uploadFile);

export type AgentRegistered = CallData<typeof agentCalls.agentRegister>;

const registerAgent = (form: CallInput<typeof agentCalls.agentRegister>) =>
  request.call(agentCalls.agentRegister, form).then((a) => a.data);
export const useRegisterAgent = () => useChange(registerAgent);

/** The server's refusal of registerAgent when the certificate already has a personal account. */
export const AGENT_EXISTS_MESSAGE = messages.agentExists;

/** Whether a failed registerAgent was that refusal (the form then offers the login). */
export const isAgentExistsRefusal = (error: unknown) =>
  error instanceof RequestError && error.kind === 'business' && error.message === AGENT_EXISTS_MESSAGE;
