import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { GuardedButton } from './GuardedButton';

afterEach(() => vi.useRealTimers());

describe('GuardedButton', () => {
  it('ignores a second click within 2000 ms, accepts one after', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    const onClick = vi.fn();
    render(<GuardedButton onClick={onClick}>提交申请</GuardedButton>);
    const button = screen.getByRole('button', { name: '提交申请' });
    fireEvent.click(button);
    fireEvent.click(button);
    vi.setSystemTime(new Date('2026-03-01T09:00:01.999Z'));
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-03-01T09:00:02.000Z'));
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('takes another guard period', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const onClick = vi.fn();
    render(<GuardedButton guardMs={500} onClick={onClick}>保存</GuardedButton>);
    const button = screen.getByRole('button', { name: /保\s*存/ });
    fireEvent.click(button);
    vi.setSystemTime(499);
    fireEvent.click(button);
    vi.setSystemTime(500);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
