import { OpsFeaturePath } from './feature-flags';

/**
 * The operator HTTP API (issue 8), relative to the base path like ApiPath: the back office's calls,
 * for operator accounts only (contract access 'operator'). Apart from ApiPath because the portal
 * never calls them: its first screens (bundle budget) do not carry these paths.
 */
export const OpsPath = {
  opsLogin: '/ops/api/login',
  opsLogout: '/ops/api/logout',
  opsRefreshToken: '/ops/api/refreshToken',
  opsMe: '/ops/api/me',
  opsRegistrationList: '/ops/api/registrations/list',
  opsRegistrationApprove: '/ops/api/registrations/approve',
  opsRegistrationReject: '/ops/api/registrations/reject',
  opsNoticeList: '/ops/api/notices/list',
  opsNoticePublish: '/ops/api/notices/publish',
  opsNoticeEdit: '/ops/api/notices/edit',
  opsNoticeWithdraw: '/ops/api/notices/withdraw',
  opsMailSend: '/ops/api/mail/send',
  opsPeriodList: '/ops/api/periods/list',
  opsPeriodCreate: '/ops/api/periods/create',
  opsPeriodEdit: '/ops/api/periods/edit',
  opsProductCreate: '/ops/api/products/create',
  opsProductEdit: '/ops/api/products/edit',
  opsRegistryLoad: '/ops/api/registry/load',
  opsPaymentConfirm: '/ops/api/payments/confirm',
  opsPayableList: '/ops/api/payables/list',
  opsWaitingList: '/ops/api/waiting/list',
  opsClaimList: '/ops/api/claims/list',
  opsClaimDetail: '/ops/api/claims/detail',
  opsClaimAttachment: '/ops/api/claims/attachment',
  opsClaimApprove: '/ops/api/claims/approve',
  opsClaimReturn: '/ops/api/claims/return',
  opsClaimRefuse: '/ops/api/claims/refuse',
  opsClaimPay: '/ops/api/claims/pay',
  opsSettlementLoad: '/ops/api/settlements/load',
  opsTreatmentList: '/ops/api/treatments/list',
  opsTreatmentPay: '/ops/api/treatments/pay',
  // Feature flags and the features they gate (issue 10 item 7, docs-flags.md).
  ...OpsFeaturePath,
} as const;
