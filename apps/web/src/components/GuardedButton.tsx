import { useRef, type MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { DOUBLE_CLICK_GUARD_MS } from '@hall/shared/constants.ts';

export interface GuardedButtonProps extends ButtonProps {
  /** Quiet period after an accepted click (default 2000 ms, spec §9). */
  guardMs?: number;
}

/**
 * A button that ignores a second click within the guard period, so a double click does not
 * submit an application or a payment twice.
 */
export function GuardedButton({ guardMs = DOUBLE_CLICK_GUARD_MS, onClick, ...props }: GuardedButtonProps) {
  const lastAccepted = useRef<number | null>(null);
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    const now = Date.now();
    if (lastAccepted.current !== null && now - lastAccepted.current < guardMs) return;
    lastAccepted.current = now;
    (onClick as ((e: MouseEvent<HTMLElement>) => void) | undefined)?.(event);
  };
  return <Button {...props} onClick={handleClick} />;
}
