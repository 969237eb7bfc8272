import { OpsPath } from '../../ops-paths';
import type { opsSchemas } from '../ops';
import { defineCalls } from '../define';

/** The operator HTTP API: operator sessions only (access 'operator'); the login and refresh are public. */
export const opsCalls = defineCalls<typeof opsSchemas>({
  opsLogin: { method: 'POST', path: OpsPath.opsLogin, access: 'public' },
  opsLogout: { method: 'POST', path: OpsPath.opsLogout, access: 'operator' },
  opsRefreshToken: { method: 'POST', path: OpsPath.opsRefreshToken, access: 'public', sealed: false },
  opsMe: { method: 'POST', path: OpsPath.opsMe, access: 'operator' },
  opsRegistrationList: { method: 'POST', path: OpsPath.opsRegistrationList, access: 'operator' },
  opsRegistrationApprove: { method: 'POST', path: OpsPath.opsRegistrationApprove, access: 'operator' },
  opsRegistrationReject: { method: 'POST', path: OpsPath.opsRegistrationReject, access: 'operator' },
  opsNoticeList: { method: 'POST', path: OpsPath.opsNoticeList, access: 'operator' },
  opsNoticePublish: { method: 'POST', path: OpsPath.opsNoticePublish, access: 'operator' },
  opsNoticeEdit: { method: 'POST', path: OpsPath.opsNoticeEdit, access: 'operator' },
  opsNoticeWithdraw: { method: 'POST', path: OpsPath.opsNoticeWithdraw, access: 'operator' },
  opsMailSend: { method: 'POST', path: OpsPath.opsMailSend, access: 'operator' },
  opsPeriodList: { method: 'POST', path: OpsPath.opsPeriodList, access: 'operator' },
  opsPeriodCreate: { method: 'POST', path: OpsPath.opsPeriodCreate, access: 'operator' },
  opsPeriodEdit: { method: 'POST', path: OpsPath.opsPeriodEdit, access: 'operator' },
  opsProductCreate: { method: 'POST', path: OpsPath.opsProductCreate, access: 'operator' },
  opsProductEdit: { method: 'POST', path: OpsPath.opsProductEdit, access: 'operator' },
  /** Multipart (field `file`), not sealed, like the portal's imports. */
  opsRegistryLoad: { method: 'POST', path: OpsPath.opsRegistryLoad, access: 'operator', sealed: false },
  opsPaymentConfirm: { method: 'POST', path: OpsPath.opsPaymentConfirm, access: 'operator' },
  opsPayableList: { method: 'POST', path: OpsPath.opsPayableList, access: 'operator' },
  opsWaitingList: { method: 'POST', path: OpsPath.opsWaitingList, access: 'operator' },
});
