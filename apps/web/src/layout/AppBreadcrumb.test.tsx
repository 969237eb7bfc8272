import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInShell } from '../test/render';
import type { RouteHandle } from '../app/routes';
import { AppBreadcrumb, breadcrumbTrail } from './AppBreadcrumb';

const mailHandle: RouteHandle = { meta: { title: '收件箱消息' }, group: '基础管理' };
const passwordHandle: RouteHandle = { meta: { title: '个人密码修改', breadcrumb: ['修改密码'] } };

const crumbs = () => [...screen.getByTestId('breadcrumb').querySelectorAll('li')].map((li) => li.textContent?.replace('/', '').trim());

describe('breadcrumb from route titles (R13, R17)', () => {
  it('group and title after 首页', () => {
    renderInShell(<AppBreadcrumb pathname="/mail" />, { path: '/mail', handle: mailHandle });
    expect(crumbs()).toEqual(['首页', '基础管理', '收件箱消息']);
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/Home');
  });

  it('the personal password screen reads 首页 > 修改密码', () => {
    renderInShell(<AppBreadcrumb pathname="/personal-password" />, { path: '/personal-password', handle: passwordHandle });
    expect(crumbs()).toEqual(['首页', '修改密码']);
  });

  it('/Home is 首页 alone, not a link', () => {
    renderInShell(<AppBreadcrumb pathname="/Home" />, { path: '/Home', handle: { meta: { title: '首页', affix: true } } });
    expect(crumbs()).toEqual(['首页']);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('breadcrumbTrail', () => {
    expect(breadcrumbTrail(undefined, '/x')).toEqual([]);
    expect(breadcrumbTrail({ meta: { title: '刷新' } }, '/redirect/x')).toEqual(['刷新']);
    expect(breadcrumbTrail(mailHandle, '/mail')).toEqual(['基础管理', '收件箱消息']);
  });
});
