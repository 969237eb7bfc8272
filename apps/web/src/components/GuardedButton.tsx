import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useClickGuard } from '../lib/click-guard';

export interface GuardedButtonProps extends ButtonProps {
  /** Quiet period after an accepted click (default DOUBLE_CLICK_GUARD_MS, 2000 ms, spec §9). */
  guardMs?: number;
}

/**
 * A button that ignores a second click within the guard period, so a double click does not
 * submit a form, an application or a payment twice. Every submit button of the portal is one
 * (`htmlType="submit"`: the ignored click does not submit the form either).
 */
export function GuardedButton({ guardMs, onClick, ...props }: GuardedButtonProps) {
  const accept = useClickGuard(guardMs);
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (!accept(event)) return;
    (onClick as ((e: MouseEvent<HTMLElement>) => void) | undefined)?.(event);
  };
  return <Button {...props} onClick={handleClick} />;
}
