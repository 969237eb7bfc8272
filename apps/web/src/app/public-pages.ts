/**
 * Every page of the public area, loaded as one chunk (see publicArea in routes.ts). It lives in
 * app/ because it gathers pages of several features (features import no other feature).
 */
export { default as RegisterPage } from '../features/registration/RegisterPage';
export { default as RegisterNextPage } from '../features/registration/RegisterNextPage';
export { default as RegisterEndPage } from '../features/registration/RegisterEndPage';
export { default as UnitRegisterPage } from '../features/registration/UnitRegisterPage';
export { default as MiningRegisterPage } from '../features/registration/MiningRegisterPage';
export { default as BindEmailPage } from '../features/recovery/BindEmailPage';
export { default as ResetPasswordPage } from '../features/recovery/ResetPasswordPage';
export { default as FindBackPasswordPage } from '../features/recovery/FindBackPasswordPage';
export { default as PrintPage } from './PrintPage';
export { default as ImproveInfoPage } from '../features/improve-info/ImproveInfoPage';
export { default as NoticeListPage } from '../features/notices/NoticeListPage';
export { default as NoticeDetailPage } from '../features/notices/NoticeDetailPage';
export { default as GuidePage } from '../features/notices/GuidePage';
