import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { InsuredEmpty } from './InsuredEmpty';
import { RequiredTitle } from './RequiredTitle';
import { AuthorizationStatus, NotificationStatus } from './StatusLabels';

describe('shared components', () => {
  it('RequiredTitle shows the title and * 为必填项 (R13)', () => {
    render(<RequiredTitle>单位基本信息</RequiredTitle>);
    expect(screen.getByRole('heading', { name: '单位基本信息' })).toBeTruthy();
    expect(screen.getByText(/为必填项/).textContent).toBe('* 为必填项');
  });

  it.each([
    ['1', '已授权'],
    ['2', '已解除授权'],
    ['', '无'],
    [null, '无'],
  ])('authorization %o reads %s (R33)', (value, text) => {
    render(<AuthorizationStatus value={value} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each([
    ['0', '未通知'],
    ['1', '已通知'],
    ['2', '已撤销申报'],
    ['3', '已申报'],
    [undefined, '无'],
  ])('notification %o reads %s (R33)', (value, text) => {
    render(<NotificationStatus value={value} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('InsuredEmpty says why the page is unavailable', () => {
    const { rerender } = render(<InsuredEmpty loginType="unit" />);
    expect(screen.getByRole('status').textContent).toContain('您的单位尚未办理医保参保登记，暂不能使用本功能');
    rerender(<InsuredEmpty loginType="personal" />);
    expect(screen.getByRole('status').textContent).toContain('您尚未办理医保参保登记，暂不能使用本功能');
  });
});
