import type { ReactNode } from 'react';
import './components.css';

/**
 * A titled white panel, drawn like antd's Card. The shell uses it instead of Card because Card
 * brings antd's Tabs and Skeleton along (about 15 KB gzip on the first screen).
 */
export function Panel({
  title,
  extra,
  children,
  className,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={className ? `panel ${className}` : 'panel'} data-testid={testId}>
      {title ? (
        <header className="panel__head">
          <h2 className="panel__title">{title}</h2>
          {extra ? <div className="panel__extra">{extra}</div> : null}
        </header>
      ) : null}
      <div className="panel__body">{children}</div>
    </section>
  );
}
