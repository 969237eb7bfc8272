import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { isExternal, SmartLink } from './SmartLink';

describe('SmartLink (R18)', () => {
  it('opens an external address in a new tab, safely', () => {
    render(<SmartLink to="https://www.nhsa.gov.cn/">国家医疗保障局</SmartLink>);
    const link = screen.getByRole('link', { name: '国家医疗保障局' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps a portal path inside the app', () => {
    render(
      <MemoryRouter>
        <SmartLink to="/mail">收件箱消息</SmartLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '收件箱消息' });
    expect(link.getAttribute('target')).toBeNull();
    expect(link.getAttribute('href')).toBe('/mail');
  });

  it.each([
    ['http://a.cn', true],
    ['HTTPS://a.cn', true],
    ['/gatePage', false],
    ['javascript:alert(1)', false],
  ])('isExternal(%s) = %s', (to, external) => {
    expect(isExternal(to)).toBe(external);
  });
});
