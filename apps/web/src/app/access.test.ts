import { describe, expect, it } from 'vitest';
import type { Session } from '../lib/storage';
import { menuFor, roleOf } from './access';

const unit = (uactLevel: number, uniType: string): Session => ({
  loginType: 'unit',
  unit: { uact: 'test00001', psnName: '测试单位', uactLevel, uniType },
});
const personal: Session = { loginType: 'personal', person: { certNo: '430102198503150022', name: '李华' } };

/** The menu as text: one line per group, 首页 first. */
const menuText = (session: Session) => {
  const menu = menuFor(session);
  return [menu.home?.title, ...menu.sections.map((s) => `${s.group}: ${s.items.map((i) => `${i.title} ${i.path}`).join(', ')}`)];
};

const BASIC = '基础管理: 收件箱消息 /mail, 待办事项 /to-list';
const HANDLING =
  '网上经办: 互助申请 /apply-query, 应缴金额 /payment, 互助人员管理 /mutual-aid-staff-management, 补助申请 /subsidy-application';
const QUERY =
  '综合查询: 互助待遇查询 /mutual-aid-treatment-query, 补助记录查询 /subsidy-record-query, 职工参加医疗互助情况 /participation, 单位互助档案 /mutual-aid-archive';

describe('menus per role (R8-R10)', () => {
  it.each([
    ['unit, level 2 (R8)', unit(2, '92'), ['首页', BASIC, HANDLING, QUERY]],
    [
      'unit, level 1, type 92 (R9)',
      unit(1, '92'),
      [
        '首页',
        `${BASIC}, 基层工会信息 /uniInformationBase, 工会信息变更记录 /uniInformationEdit, 企业单位管理 /basic-management`,
        `${HANDLING}, 申请审核 /apply-examine`,
        QUERY,
      ],
    ],
    [
      'unit, level 1, type 93 (R9)',
      unit(1, '93'),
      [
        '首页',
        `${BASIC}, 基层工会信息 /uniInformationBase, 工会信息变更记录 /uniInformationEdit, 下属分会管理 /subuni-management`,
        HANDLING,
        QUERY,
      ],
    ],
    [
      'unit, level 1, type 99 (R9)',
      unit(1, '99'),
      ['首页', `${BASIC}, 基层工会信息 /uniInformationBase, 工会信息变更记录 /uniInformationEdit`, HANDLING, QUERY],
    ],
    [
      'personal (R10)',
      personal,
      [
        '首页',
        '基础管理: 收件箱消息 /mail, 待办事项 /to-list, 个人基本信息 /personalInformationBase',
        '网上经办: 补助申请 /subsidy-application-personal',
        '综合查询: 互助待遇查询 /mutual-aid-treatment-query-personal, 补助记录查询 /subsidy-record-query-personal, 个人互助档案 /mutual-aid-archive-personal',
      ],
    ],
  ])('%s', (_name, session, expected) => {
    expect(menuText(session)).toEqual(expected);
  });

  it('the archives flag off (spec §9: shown by default) takes 互助档案 out of every menu', () => {
    const off = { batch: false, archives: false, evaluation: false };
    for (const session of [unit(2, '92'), unit(1, '92'), unit(1, '93'), unit(1, '99'), personal]) {
      const paths = menuFor(session, off).sections.flatMap((s) => s.items.map((i) => i.path));
      expect(paths.filter((p) => p.includes('archive'))).toEqual([]);
      expect(
        menuFor(session)
          .sections.flatMap((s) => s.items.map((i) => i.path))
          .filter((p) => p.includes('archive')),
      ).toHaveLength(1);
    }
    expect(menuText(personal).at(-1)).toBe(
      '综合查询: 互助待遇查询 /mutual-aid-treatment-query-personal, 补助记录查询 /subsidy-record-query-personal, 个人互助档案 /mutual-aid-archive-personal',
    );
  });

  it('no session: no menu (R5)', () => {
    expect(menuFor(null)).toEqual({ home: null, sections: [] });
  });

  it('level 2 accounts get the basic menus whatever their type; unknown union types too', () => {
    expect(roleOf(unit(2, '93'))).toBe('unit');
    expect(roleOf(unit(1, '95'))).toBe('unit');
    expect(roleOf(unit('1' as unknown as number, '92'))).toBe('union92');
  });
});
