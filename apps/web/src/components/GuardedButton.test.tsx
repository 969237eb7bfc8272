import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { DOUBLE_CLICK_GUARD_MS } from '@hall/shared/constants.ts';
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
    render(
      <GuardedButton guardMs={500} onClick={onClick}>
        保存
      </GuardedButton>,
    );
    const button = screen.getByRole('button', { name: /保\s*存/ });
    fireEvent.click(button);
    vi.setSystemTime(499);
    fireEvent.click(button);
    vi.setSystemTime(500);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});

describe('a form submit button (htmlType="submit")', () => {
  it(`a second click within ${DOUBLE_CLICK_GUARD_MS} ms does not submit the form twice`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish} initialValues={{ name: '张三' }}>
        <Form.Item name="name">
          <Input />
        </Form.Item>
        <GuardedButton htmlType="submit">提交申请</GuardedButton>
      </Form>,
    );
    const button = screen.getByRole('button', { name: '提交申请' });
    fireEvent.click(button);
    fireEvent.click(button);
    vi.setSystemTime(new Date('2026-03-01T09:00:01.500Z'));
    fireEvent.click(button);
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    vi.setSystemTime(new Date('2026-03-01T09:00:02.000Z'));
    fireEvent.click(button);
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(2));
  });

  it('typing in the form after a click ends the quiet period (a correction is not a double click)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="name" rules={[{ required: true, message: '请输入姓名' }]}>
          <Input data-testid="name" />
        </Form.Item>
        <GuardedButton htmlType="submit">提交申请</GuardedButton>
      </Form>,
    );
    const button = screen.getByRole('button', { name: '提交申请' });
    fireEvent.click(button); // refused by the form's own rule
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    fireEvent.input(screen.getByTestId('name'), { target: { value: '张三' } });
    fireEvent.change(screen.getByTestId('name'), { target: { value: '张三' } });
    fireEvent.click(button); // within the 2 s, after a correction: accepted
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });
});
