import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Emblem } from '../../components/Emblem';
import { ProductTitle } from '../../components/ProductTitle';
import { useSessionStore } from '../../stores/session';
import './public.css';

export interface PublicFrameProps {
  title: ReactNode;
  children: ReactNode;
  /** Beside the title (a link back to a list…). */
  extra?: ReactNode;
  /** Form pages are narrower than lists. */
  narrow?: boolean;
  /** The content without the white card (pages that draw their own cards). */
  bare?: boolean;
  /** The banner's way out; by default 返回首页 when signed in, 返回登录 otherwise. */
  back?: ReactNode;
  testId?: string;
}

/** Frame of the public pages: the gateway's blue banner, a content card, a way back. */
export function PublicFrame({ title, children, extra, narrow, bare, back, testId }: PublicFrameProps) {
  const signedIn = useSessionStore((state) => state.session !== null);
  return (
    <div className="public-frame" data-testid={testId}>
      <header className="public-frame__banner">
        <Link to="/gatePage" className="public-frame__brand">
          <Emblem size={36} />
          <span className="public-frame__product title-words">
            <ProductTitle />
          </span>
        </Link>
        {back ?? (
          <Link to={signedIn ? '/Home' : '/gatePage'} className="public-frame__back" data-testid="public-back">
            {signedIn ? '返回首页' : '返回登录'}
          </Link>
        )}
      </header>
      <main className={`public-frame__main ${narrow ? 'public-frame__main--narrow' : 'page-wide'}`}>
        <div className="public-frame__heading">
          <h2 className="public-frame__title">{title}</h2>
          {extra ? <div className="public-frame__extra">{extra}</div> : null}
        </div>
        <div className={bare ? undefined : 'public-frame__body'}>{children}</div>
      </main>
    </div>
  );
}
