import { OpsPath } from '../../ops-paths';
import type { opsSchemas } from '../ops';
import { defineCalls } from '../define';

/** The operator HTTP API: operator sessions only (access 'operator'); the login and refresh are public. */
export const opsCalls = defineCalls<typeof opsSchemas>()({
  opsLogin: { method: 'POST', path: OpsPath.opsLogin, access: 'public', writes: true },
  opsLogout: { method: 'POST', path: OpsPath.opsLogout, access: 'operator', writes: true },
  opsRefreshToken: { method: 'POST', path: OpsPath.opsRefreshToken, access: 'public', sealed: false, writes: true },
  opsMe: { method: 'POST', path: OpsPath.opsMe, access: 'operator', writes: false },
  opsRegistrationList: { method: 'POST', path: OpsPath.opsRegistrationList, access: 'operator', writes: false },
  opsRegistrationApprove: { method: 'POST', path: OpsPath.opsRegistrationApprove, access: 'operator', writes: true },
  opsRegistrationReject: { method: 'POST', path: OpsPath.opsRegistrationReject, access: 'operator', writes: true },
  opsNoticeList: { method: 'POST', path: OpsPath.opsNoticeList, access: 'operator', writes: false },
  opsNoticePublish: { method: 'POST', path: OpsPath.opsNoticePublish, access: 'operator', writes: true },
  opsNoticeEdit: { method: 'POST', path: OpsPath.opsNoticeEdit, access: 'operator', writes: true },
  opsNoticeWithdraw: { method: 'POST', path: OpsPath.opsNoticeWithdraw, access: 'operator', writes: true },
  opsMailSend: { method: 'POST', path: OpsPath.opsMailSend, access: 'operator', writes: true },
  opsPeriodList: { method: 'POST', path: OpsPath.opsPeriodList, access: 'operator', writes: false },
  opsPeriodCreate: { method: 'POST', path: OpsPath.opsPeriodCreate, access: 'operator', writes: true },
  opsPeriodEdit: { method: 'POST', path: OpsPath.opsPeriodEdit, access: 'operator', writes: true },
  opsProductCreate: { method: 'POST', path: OpsPath.opsProductCreate, access: 'operator', writes: true },
  opsProductEdit: { method: 'POST', path: OpsPath.opsProductEdit, access: 'operator', writes: true },
  /** Multipart (field `file`), not sealed, like the portal's imports. */
  opsRegistryLoad: { method: 'POST', path: OpsPath.opsRegistryLoad, access: 'operator', sealed: false, writes: true },
  opsPaymentConfirm: { method: 'POST', path: OpsPath.opsPaymentConfirm, access: 'operator', writes: true },
  opsPayableList: { method: 'POST', path: OpsPath.opsPayableList, access: 'operator', writes: false },
  opsWaitingList: { method: 'POST', path: OpsPath.opsWaitingList, access: 'operator', writes: false },
});
