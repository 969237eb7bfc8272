import { useId, useState, type ReactNode } from 'react';
import { EyeIcon } from './gate-icons';

export interface GateFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string | null;
  icon: ReactNode;
  placeholder: string;
  type?: 'text' | 'password';
  maxLength?: number;
  autoComplete?: string;
  testId: string;
  /** Something beside the input (the captcha image). */
  addon?: ReactNode;
  inputRef?: (element: HTMLInputElement | null) => void;
}

/**
 * A required input of the login form, styled like antd's large Input: prefix icon, red border
 * and message under it on error (announced through aria-describedby), eye toggle for passwords.
 */
export function GateField(props: GateFieldProps) {
  const {
    label,
    value,
    onChange,
    onBlur,
    error,
    icon,
    placeholder,
    type = 'text',
    maxLength,
    autoComplete,
    testId,
    addon,
    inputRef,
  } = props;
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const inputType = type === 'password' && !revealed ? 'password' : 'text';
  return (
    <div className={error ? 'gate-field gate-field--error' : 'gate-field'}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="gate-field__row">
        <div className="gate-field__box">
          <span className="gate-field__icon">{icon}</span>
          <input
            id={id}
            ref={inputRef}
            className="gate-field__input"
            type={inputType}
            value={value}
            placeholder={placeholder}
            maxLength={maxLength}
            autoComplete={autoComplete}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            data-testid={testId}
          />
          {type === 'password' ? (
            <button
              type="button"
              className="gate-field__eye"
              onClick={() => setRevealed(!revealed)}
              aria-label={revealed ? '隐藏密码' : '显示密码'}
              aria-pressed={revealed}
            >
              <EyeIcon off={!revealed} />
            </button>
          ) : null}
        </div>
        {addon}
      </div>
      <div id={`${id}-error`} className="gate-field__error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
