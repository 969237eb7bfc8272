import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Emblem } from '../../components/Emblem';
import { productTitle } from '../../lib/config';
import './public.css';

/** Frame of the public pages: the gateway's blue banner, a content card, a way back. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="public-frame">
      <header className="public-frame__banner">
        <Link to="/gatePage" className="public-frame__brand">
          <Emblem size={36} />
          <span className="public-frame__product">{productTitle}</span>
        </Link>
        <Link to="/gatePage" className="public-frame__back">
          返回登录
        </Link>
      </header>
      <main className="public-frame__main page-wide">
        <h2 className="public-frame__title">{title}</h2>
        <div className="public-frame__body">{children}</div>
      </main>
    </div>
  );
}
