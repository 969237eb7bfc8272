import { ApiPath } from '@hall/shared/paths.ts';
import type { AgentRegisterRequest } from '@hall/shared/schemas/agent.ts';
import type { FileInfo } from '@hall/shared/schemas/files.ts';
import type {
  BiddingRegisterRequest,
  FirstContact,
  PowerOfAttorneyRequest,
  RegistrationInfo,
  UnitRegisterRequest,
} from '@hall/shared/schemas/registration.ts';
import type { MaskedPhone, SmsPurpose } from '@hall/shared/schemas/sms.ts';
import { download } from '../../lib/download';
import { request } from '../../lib/request';

/** Level-1 unions (92/93) a unit registers under (GET queryFirstContact). */
export const fetchFirstContacts = () => request.get<FirstContact[]>(ApiPath.queryFirstContact).then((a) => a.data ?? []);

/** The same, filtered by name (POST queryFirstContactForOrg {empName}). */
export const searchFirstContacts = (empName: string) =>
  request.post<FirstContact[]>(ApiPath.queryFirstContactForOrg, { empName }).then((a) => a.data ?? []);

export interface UnitCheck {
  empUact?: string;
  empName?: string;
  uscc?: string;
}

/** register/checkUnitinfo or publicBidding/checkUnitinfo: resolves when every given field is free. */
export const checkUnitInfo = (fields: UnitCheck, bidding = false) =>
  request.post<null>(bidding ? ApiPath.biddingCheckUnitInfo : ApiPath.checkUnitInfo, fields).then(() => undefined);

export const insertRegisterInfo = (form: UnitRegisterRequest) =>
  request.post<RegistrationInfo>(ApiPath.insertRegisterInfo, form).then((a) => a.data);

/** selectRegUserInfo {empUact}: the state of a registration (the phone masked). */
export const selectRegUserInfo = (empUact: string) =>
  request.post<RegistrationInfo>(ApiPath.selectRegUserInfo, { empUact }, { silent: true }).then((a) => a.data);

export const biddingRegister = (form: BiddingRegisterRequest) =>
  request.post<RegistrationInfo>(ApiPath.biddingRegister, form).then((a) => a.data);

/** 授权委托书 filled with the unit's data (binary, 5 s timeout, 下载失败：… on failure). */
export const downloadPowerOfAttorney = (form: PowerOfAttorneyRequest) => download(ApiPath.powerOfAttorney, form, '授权委托书.docx');

/** uploadFile: multipart, not sealed; the answer is an envelope with {fileId, name, size}. */
export function uploadFile(file: File): Promise<FileInfo> {
  const body = new FormData();
  body.append('file', file, file.name);
  // multipart/form-data keeps axios from turning the FormData into JSON; the browser adds the boundary.
  return request.post<FileInfo>(ApiPath.fileUpload, body, { unsealed: true, headers: { 'Content-Type': 'multipart/form-data' } }).then((a) => a.data);
}

/** sendMessage {phone, purpose}: a 6-digit code to that phone; answers it masked. */
export const sendSmsCode = (phone: string, purpose: SmsPurpose) =>
  request.post<MaskedPhone>(ApiPath.sendMessage, { phone, purpose }).then((a) => a.data.phone);

export const checkAgentExists = (certType: string, certno: string) =>
  request.post<{ exists: boolean }>(ApiPath.checkAgentExist, { certType, certno }).then((a) => Boolean(a.data?.exists));

/** realName/checkRealName {certNo, name}: a known ID number with another name is refused (姓名与证件号码不匹配). */
export const checkRealName = (certNo: string, name: string) =>
  request.post<{ matched: boolean }>(ApiPath.checkRealName, { certNo, name }).then((a) => Boolean(a.data?.matched));

export interface AgentRegistered {
  certno: string;
  name: string;
  phone: string;
}

export const registerAgent = (form: AgentRegisterRequest) =>
  request.post<AgentRegistered>(ApiPath.agentRegister, form).then((a) => a.data);
