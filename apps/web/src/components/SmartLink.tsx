import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const isExternal = (to: string) => /^https?:\/\//i.test(to);

/** A link inside the portal, or a new tab for anything that starts with http(s):// (R18). */
export function SmartLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  if (isExternal(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
