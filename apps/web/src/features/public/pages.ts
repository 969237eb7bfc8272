/** Every page of the public area, loaded as one chunk (see publicArea in app/routes.ts). */
export { default as RegisterPage } from '../registration/RegisterPage';
export { default as RegisterNextPage } from '../registration/RegisterNextPage';
export { default as RegisterEndPage } from '../registration/RegisterEndPage';
export { default as UnitRegisterPage } from '../registration/UnitRegisterPage';
export { default as MiningRegisterPage } from '../registration/MiningRegisterPage';
export { default as BindEmailPage } from '../recovery/BindEmailPage';
export { default as ResetPasswordPage } from '../recovery/ResetPasswordPage';
export { default as FindBackPasswordPage } from '../recovery/FindBackPasswordPage';
export { default as PrintPage } from '../print/PrintPage';
export { default as ImproveInfoPage } from '../improve-info/ImproveInfoPage';
export { default as NoticeListPage } from '../notices/NoticeListPage';
export { default as NoticeDetailPage } from '../notices/NoticeDetailPage';
export { default as GuidePage } from '../notices/GuidePage';
