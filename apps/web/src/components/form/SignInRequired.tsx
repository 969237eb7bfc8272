import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useLocation } from 'react-router';
import type { Session } from '../../lib/storage';
import { useSessionStore } from '../../stores/session';
import { LinkButton } from './LinkButton';

/**
 * Public pages that act for the signed-in user (/restPwd, /bindEmail, /improveInfo): without a
 * session they explain and offer the login, which comes back here (?redirect=).
 */
export function SignInRequired({ children, unitOnly }: { children: (session: Session) => ReactNode; unitOnly?: boolean }) {
  const session = useSessionStore((state) => state.session);
  const { pathname, search } = useLocation();
  if (!session || (unitOnly && session.loginType !== 'unit')) {
    const back = encodeURIComponent(pathname + search);
    return (
      <Result
        status="info"
        title={session ? '该功能仅供单位用户使用' : '请先登录'}
        subTitle={session ? '请使用单位账号登录后办理。' : '该功能需要登录后使用，登录后将自动返回本页。'}
        extra={
          session ? (
            <LinkButton to="/Home" type="primary">
              返回首页
            </LinkButton>
          ) : (
            <LinkButton to={`/gatePage?redirect=${back}`} type="primary" data-testid="sign-in-first">
              去登录
            </LinkButton>
          )
        }
        data-testid="sign-in-required"
      />
    );
  }
  return <>{children(session)}</>;
}
