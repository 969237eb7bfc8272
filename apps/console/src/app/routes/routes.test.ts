import { describe, expect, it } from 'vitest';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { OPERATOR_ROLES, type OperatorRole } from '@hall/shared/operator-roles.ts';
import { admits, consoleRoutes, menuFor, routeOf } from './index';

const titles = (roles: OperatorRole[]) => menuFor(roles).map((route) => route.title);

describe("the sidebar follows the roles (shared mayCall over each page's contracts)", () => {
  it.each([
    [['reviewer'], ['工作台', '单位注册审核', '补助审核', '工会信息变更审核', '关系转移', '异地就医备案']],
    // Finance pays the approved claims (发放) but does not open the reviewer's queue (补助审核 needs its detail call).
    [['finance'], ['工作台', '缴费确认', '银行对账', '发放', '互助期与产品', '统计报表']],
    [['data'], ['工作台', '参保登记', '结算数据', '互助期与产品', '统计报表']],
    [['admin'], ['工作台', '统计报表', '账号管理', '操作员', '公告', '消息', '功能开关', '审计日志']],
    // The auditor reads everything: these pages only read (their actions are admin's calls).
    [
      ['auditor'],
      [
        '工作台',
        '单位注册审核',
        '补助审核',
        '工会信息变更审核',
        '关系转移',
        '异地就医备案',
        '缴费确认',
        '银行对账',
        '发放',
        '参保登记',
        '结算数据',
        '互助期与产品',
        '统计报表',
        '账号管理',
        '操作员',
        '公告',
        '功能开关',
        '审计日志',
      ],
    ],
    [
      ['finance', 'reviewer'],
      [
        '工作台',
        '单位注册审核',
        '补助审核',
        '工会信息变更审核',
        '关系转移',
        '异地就医备案',
        '缴费确认',
        '银行对账',
        '发放',
        '互助期与产品',
        '统计报表',
      ],
    ],
    [[], []],
  ] as Array<[OperatorRole[], string[]]>)('%j sees %j', (roles, expected) => {
    expect(titles(roles)).toEqual(expected);
  });

  it("a page needing a call that writes is not the auditor's, even when it also reads", () => {
    const approvePage = { calls: [opsCalls.opsRegistrationList, opsCalls.opsRegistrationApprove] };
    expect(admits(approvePage, ['reviewer'])).toBe(true);
    expect(admits(approvePage, ['auditor'])).toBe(false);
  });

  it('every page names operator calls that some role may make', () => {
    for (const route of consoleRoutes) {
      expect(route.calls.length, route.title).toBeGreaterThan(0);
      for (const call of route.calls) expect(call.access, `${route.title} ${call.name}`).toBe('operator');
      expect(
        OPERATOR_ROLES.some((role) => admits(route, [role])),
        route.title,
      ).toBe(true);
    }
  });

  it('finds a page by its path, with or without slashes', () => {
    expect(routeOf('/')?.title).toBe('工作台');
    expect(routeOf('/registrations/')?.title).toBe('单位注册审核');
    expect(routeOf('/nothing')).toBeUndefined();
  });
});
