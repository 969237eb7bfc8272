import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useChange } from '../../lib/use-change';

/** Seconds before a code may be asked for again (the server allows one a minute per phone). */
export const RESEND_SECONDS = 60;

/** Whole seconds left until `until` (epoch ms), ticking once a second; 0 when past. */
export function useCountdown(until: number | null | undefined): number {
  const left = () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!until) return;
    const timer = window.setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}

export interface SmsCodeButtonProps {
  /** Checks what the code needs (the phone field…); false stops before any call. */
  validate(): Promise<boolean>;
  /** Sends the code; resolves with where it went (masked) or rejects (the request client has shown why). */
  send(): Promise<string>;
  /** Called after a send with the masked target. */
  onSent?(target: string): void;
  /** End of the running countdown (epoch ms) when the caller keeps it (kept-alive forms). */
  until?: number | null;
  onUntil?(until: number): void;
  label?: string;
  testId?: string;
  disabled?: boolean;
}

/**
 * 获取验证码 with the 60 s countdown. A refused send (limits: 发送过于频繁…, 今日发送次数已达上限…)
 * has been shown by the request client and starts no countdown.
 */
export function SmsCodeButton({
  validate,
  send,
  onSent,
  until: givenUntil,
  onUntil,
  label = '获取验证码',
  testId,
  disabled,
}: SmsCodeButtonProps) {
  const [ownUntil, setOwnUntil] = useState<number | null>(null);
  const until = onUntil ? (givenUntil ?? null) : ownUntil;
  const seconds = useCountdown(until);
  const sending = useChange(send);

  async function click() {
    if (sending.isPending || seconds > 0) return;
    if (!(await validate())) return;
    // A refused send was shown by the request client: no countdown.
    sending.mutate(undefined, {
      onSuccess: (target) => {
        const next = Date.now() + RESEND_SECONDS * 1000;
        if (onUntil) onUntil(next);
        else setOwnUntil(next);
        onSent?.(target);
      },
    });
  }

  return (
    <Button onClick={click} loading={sending.isPending} disabled={disabled || seconds > 0} data-testid={testId} style={{ minWidth: 112 }}>
      {seconds > 0 ? `${seconds}秒后重新获取` : label}
    </Button>
  );
}
