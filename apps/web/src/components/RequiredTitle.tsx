import type { ReactNode } from 'react';
import './components.css';

/** A form section's title with the required-field hint beside it (R13, R36): * 为必填项. */
export function RequiredTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="required-title">
      <h3 className="required-title__text">{children}</h3>
      <span className="required-title__hint">
        <span className="required-title__star" aria-hidden="true">
          *
        </span>{' '}
        为必填项
      </span>
      {extra ? <div className="required-title__extra">{extra}</div> : null}
    </div>
  );
}
