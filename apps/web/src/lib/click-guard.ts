import { useRef } from 'react';
import { DOUBLE_CLICK_GUARD_MS } from '@hall/shared/constants.ts';

/**
 * The anti-double-click rule (spec §9, DOUBLE_CLICK_GUARD_MS = 2 s): a second submit within the
 * quiet period after an accepted one is ignored. Returns `accept(event)`: true when the click or
 * submit may go on; false (and the event's default, a form submission, prevented) otherwise.
 *
 * Typing in the same form (or dialog) after the click ends the quiet period: a double click is two
 * clicks with nothing between, while a clerk who fixes the field a refusal pointed at and submits
 * again means it, and must not be ignored.
 * GuardedButton uses it; the gateway's hand-written login button (no antd there) too.
 */
export function useClickGuard(guardMs: number = DOUBLE_CLICK_GUARD_MS) {
  const lastAccepted = useRef<number | null>(null);
  // The listeners of the last accepted click: replaced by the next one, so none pile up.
  const stopListening = useRef<(() => void) | null>(null);
  return (event?: { preventDefault(): void; currentTarget?: EventTarget | null }): boolean => {
    const now = Date.now();
    if (lastAccepted.current !== null && now - lastAccepted.current < guardMs) {
      event?.preventDefault();
      return false;
    }
    lastAccepted.current = now;
    const target = event?.currentTarget;
    const scope = target instanceof Element ? (target.closest('form') ?? target.closest('[role="dialog"], .ant-modal-content')) : null;
    // 'input' as browsers send it while typing; 'change' too (selects, checkboxes, date pickers).
    stopListening.current?.();
    const reopen = () => {
      lastAccepted.current = null;
      stopListening.current?.();
    };
    stopListening.current = () => {
      scope?.removeEventListener('input', reopen, true);
      scope?.removeEventListener('change', reopen, true);
      stopListening.current = null;
    };
    scope?.addEventListener('input', reopen, { capture: true });
    scope?.addEventListener('change', reopen, { capture: true });
    return true;
  };
}
