import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, OpsPath } from '@hall/shared';
import { auditLog, claimEvents, claims } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo-data';
import { DEMO_OPERATOR } from '../db/seed/demo-operator';
import { makeClaim, personId } from '../test/benefit-fixtures';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../test/harness';
import { BOOLEAN_FLAGS, commands, flagsOf, MULTIPLE_FLAGS, STRING_FLAGS } from './commands';
import { OPERATOR_REQUIRED, runCommand } from './ops-socket';

/**
 * Issue 17: the operator CLI acts as an operator account (--operator / HALL_OPERATOR), audit rows
 * of the CLI and of the operator API carry the operator's login with the display name beside it,
 * a command takes only the flags its usage names, times print in China time, dates are checked.
 */

let hall: TestHall;
const ops = (command: string, flags: Record<string, string | boolean>, operator: string = DEMO_OPERATOR.login) =>
  runCommand(hall.app.hall, { command, flags, operator });
const lastOperatorRow = async () =>
  (await hall.db.select().from(auditLog).where(eq(auditLog.action, 'operator')).orderBy(desc(auditLog.id)).limit(1))[0];

beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

describe('the CLI acts as an active operator account', () => {
  it('refuses a command that writes without one, with an unknown one, or a disabled one', async () => {
    const flag = { name: 'batch', on: true };
    expect(await ops('feature-flag-set', flag, '')).toEqual({ ok: false, message: OPERATOR_REQUIRED, usage: false });
    expect(await ops('feature-flag-set', flag, 'nobody.op')).toMatchObject({
      ok: false,
      message: expect.stringContaining('操作员账号不存在：nobody.op'),
    });
    expect(await ops('operator-create', { login: 'gone.op', name: '离岗操作员', password: 'Oper@2026ab', role: 'admin' })).toMatchObject({
      ok: true,
    });
    expect(await ops('disable', { login: 'gone.op', type: 'operator' })).toMatchObject({ ok: true });
    expect(await ops('feature-flag-set', flag, 'gone.op')).toMatchObject({
      ok: false,
      message: expect.stringContaining('操作员账号已停用：gone.op'),
    });
    // Once an operator exists, making another needs one too (only the very first is made without).
    expect(await ops('operator-create', { login: 'next.op', name: '下一位' }, '')).toMatchObject({ ok: false, message: OPERATOR_REQUIRED });
  });

  it('audits under the login, the display name beside it; decisions keep the display name', async () => {
    expect(await ops('feature-flag-set', { name: 'batch', on: true })).toMatchObject({ ok: true });
    const row = await lastOperatorRow();
    expect(row).toMatchObject({ actorKind: 'operator', actorKey: 'ops-admin', detail: { operatorName: '演示操作员', flag: 'batch' } });
    const list = await ops('feature-flag-list', {}, '');
    expect(list).toMatchObject({ ok: true, output: expect.stringContaining('演示操作员 设置') });
  });

  it('runs a command that only reads without an operator', async () => {
    expect(await ops('period-list', {}, '')).toMatchObject({ ok: true });
    expect(await ops('sms-outbox', {}, '')).toMatchObject({ ok: true });
  });
});

describe('the operator API', () => {
  let token: string;
  let finance: string;
  const login = async (username: string) =>
    (await hall.post(OpsPath.opsLogin, { username, password: DEMO_PASSWORD, captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA }))
      .data.accessToken as string;
  beforeAll(async () => {
    token = await login('ops-admin');
    finance = await login('ops-finance');
  });

  it('audits under the login too', async () => {
    const res = await hall.post(contracts.opsFeatureFlagSet.path, { name: 'evaluation', on: true }, token);
    expect(res.code, res.message).toBe(0);
    const row = await lastOperatorRow();
    expect(row).toMatchObject({ actorKey: 'ops-admin', detail: { operatorName: '演示操作员', flag: 'evaluation' } });
  });

  it('refuses a day out of the calendar with its message (it was an internal error, Invalid time value)', async () => {
    const res = await hall.post(
      OpsPath.opsPaymentConfirm,
      { application: '1', amount: '60', paidOn: '2026-13-45', voucherNo: 'V1' },
      finance,
    );
    expect(res).toMatchObject({ code: 1, message: '缴费日期须为有效日期（YYYY-MM-DD）' });
  });
});

describe('flags', () => {
  it('refuses a flag the command does not take, naming it and the ones it takes', async () => {
    expect(await ops('operator-create', { login: 'x.op', name: '某人', roles: 'x' })).toEqual({
      ok: false,
      usage: true,
      message: '未知参数：--roles（operator-create 可用的参数：--login、--name、--role、--password、--operator）',
    });
    expect(await ops('sessions', { all: true }, '')).toMatchObject({
      ok: false,
      message: expect.stringContaining('未知参数：--all（sessions 可用的参数：--operator）'),
    });
  });

  it('every flag a usage names is parsed with its kind', () => {
    const declared = new Set([...STRING_FLAGS, ...MULTIPLE_FLAGS, ...BOOLEAN_FLAGS]);
    const missing = Object.entries(commands).flatMap(([name, c]) =>
      flagsOf(c)
        .filter((f) => !declared.has(f))
        .map((f) => `${name} --${f}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('times and dates', () => {
  const CHINA = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

  it('sessions and claim-show print China time (YYYY-MM-DD HH:mm), never UTC with Z', async () => {
    await hall.loginUnit('qydw92101');
    const sessions = await ops('sessions', {}, '');
    expect(sessions).toMatchObject({ ok: true, output: expect.stringContaining(`登录 ${CHINA(hall.clock.now())}`) });
    expect(sessions.ok && sessions.output).not.toMatch(/\dT\d|Z\b/);

    const id = await makeClaim(hall.db, {
      personId: await personId(hall.db, '430102198503150022'),
      uact: 'qydw92101',
      year: 2026,
      type: 'major_disease',
      state: 'city_review',
      amountFen: 500_000,
    });
    const at = new Date('2026-10-01T02:05:00Z');
    await hall.db
      .insert(claimEvents)
      .values({ claimId: id, at, actorKind: 'unit', actorName: '星辰科技', fromState: 'draft', toState: 'city_review' });
    const [{ no }] = await hall.db.select({ no: claims.claimNo }).from(claims).where(eq(claims.id, id));
    const shown = await ops('claim-show', { no }, '');
    expect(shown.ok, shown.ok ? '' : shown.message).toBe(true);
    const out = shown.ok ? shown.output : '';
    expect(out).toContain(`    2026-10-01 10:05  星辰科技`);
    expect(out).not.toMatch(/\dZ\b/);
    expect(out).not.toContain('—天');
    expect(out).toMatch(/住院 2026-\d\d-\d\d 至 2026-\d\d-\d\d（\d+天）/);
  });

  it('refuses a bad date naming the field and the format (the operator call’s words), with the usage', async () => {
    const bad: Array<[string, Record<string, string>, string]> = [
      // Each of these was an internal error (Invalid time value) or taken as a day.
      ['treatment-pay', { 'paid-on': '2026-13-45' }, '发放日期'],
      ['payment-confirm', { application: '1', amount: '60', date: '2026-13-45', voucher: 'V1' }, '缴费日期'],
      ['period-set', { year: '2029', 'pay-deadline': '2026-13-45' }, '缴费截止日期'],
      ['claim-pay', { 'paid-on': '2026-02-30' }, '发放日期'],
      ['period-set', { year: '2029', start: '2029/01/01' }, '保障开始日期'],
    ];
    for (const [command, flags, field] of bad) {
      const answer = await ops(command, flags);
      expect(answer, command).toMatchObject({ ok: false, usage: true, message: `${field}须为有效日期（YYYY-MM-DD）` });
    }
  });
});
