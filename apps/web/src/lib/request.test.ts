import { afterEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@hall/shared/codes/index.ts';
import { PROTOCOL_VERSION } from '@hall/shared/envelope/index.ts';
import { biddingCalls } from '@hall/shared/contracts/bidding.ts';
import { fileCalls } from '@hall/shared/contracts/files.ts';
import type { Call } from '@hall/shared/contracts/define.ts';
import { ApiPath } from '@hall/shared/paths.ts';
import { REFRESH_TOKEN_HEADER } from '@hall/shared/schemas/auth.ts';
import { startEnvelopeServer, type Handler } from '../test/envelope-server';
import { createDownloader } from './download';
import { recordingNavigator } from './navigator';
import { authCalls } from '@hall/shared/contracts/auth.ts';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { createRequestClient, portalSessionEndPath, REFRESH_HEADER, RequestError, type RequestDeps, TIMEOUT_MESSAGE } from './request';
import type { LoginType } from './storage';

/** Calls of a test server: sealed POSTs and GETs at any path. */
const POST = (path: string): Call => ({ name: path, method: 'POST', path, sealed: true, access: 'any', needInsured: false, writes: false });
const GET = (path: string): Call => ({ name: path, method: 'GET', path, sealed: false, access: 'any', needInsured: false, writes: false });

let server: Awaited<ReturnType<typeof startEnvelopeServer>> | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A client against a fresh local server, with every side effect recorded. */
async function setup(
  handler: Handler,
  options: { loginType?: LoginType | null; timeout?: number; app?: Pick<RequestDeps, 'refreshCall' | 'sessionEndPath' | 'resetPath'> } = {},
) {
  server = await startEnvelopeServer(handler);
  const { navigator, calls } = recordingNavigator();
  const toasts: Array<[string, number]> = [];
  const scheduled: Array<[() => void, number]> = [];
  const saved: unknown[] = [];
  const cleared: string[] = [];
  let access = 'access-1';
  const client = createRequestClient({
    baseURL: server.baseURL,
    envelopeKey: 'HallMutualAid066',
    timeout: options.timeout,
    tokens: {
      access: () => access,
      refresh: () => 'refresh-1',
      save: (pair) => {
        saved.push(pair);
        access = pair.accessToken;
      },
    },
    refreshCall: authCalls.refreshToken,
    sessionEndPath: () => portalSessionEndPath(options.loginType === undefined ? 'unit' : options.loginType),
    resetPath: '/',
    ...options.app,
    clearSession: () => void cleared.push('session'),
    clearSessionStorage: () => void cleared.push('sessionStorage'),
    navigator,
    toast: { warning: (text, seconds) => void toasts.push([text, seconds]) },
    schedule: (run, ms) => void scheduled.push([run, ms]),
  });
  return { client, calls, toasts, scheduled, saved, cleared, seen: server.seen };
}

describe('request client: envelope', () => {
  it('seals trimmed POST bodies with channel 066 and opens the answer data', async () => {
    const t = await setup(() => ({ data: { greeting: '你好', list: [1, 2] } }));
    const answer = await t.client.call(POST('/echo'), { name: '  张三 ', nested: { uact: ' lhgh92001\t' }, list: [' a '] });
    expect(answer).toEqual({ code: 0, type: 'success', message: '', data: { greeting: '你好', list: [1, 2] } });
    const [request] = t.seen;
    expect(request.channel).toBe('066');
    expect(request.payload).toEqual({ name: '张三', nested: { uact: 'lhgh92001' }, list: ['a'] });
  });

  it('sends the raw token, the protocol header and unsealed GET parameters', async () => {
    const t = await setup(() => ({ data: [] }));
    await t.client.call(GET('/dict'), { types: 'A,B' });
    const [request] = t.seen;
    expect(request.headers.authorization).toBe('access-1');
    expect(request.headers['x-hall-protocol']).toBe(PROTOCOL_VERSION);
    expect(request.query.get('types')).toBe('A,B');
    expect(request.payload).toBeUndefined();
  });
});

describe('request client: response codes', () => {
  it('code -4 clears session storage and reloads the root', async () => {
    const t = await setup(() => ({ code: Code.RESET_CLIENT, message: '系统已升级，请刷新页面后重新操作' }));
    await expect(t.client.call(POST('/x'), {})).rejects.toMatchObject({ kind: 'session', code: -4 });
    expect(t.cleared).toEqual(['sessionStorage']);
    expect(t.calls).toEqual([['replace', '/']]);
    expect(t.toasts).toEqual([]);
  });

  it.each([Code.ACCESS_EXPIRED, Code.ACCESS_ROTATED, Code.ACCESS_RETIRED_KEY])(
    'code %i: three parallel failures make exactly one refresh call, then a reload after 1.2 s',
    async (code) => {
      const t = await setup((request) =>
        request.path.endsWith(ApiPath.refreshToken) ? { data: { accessToken: 'access-2', refreshToken: 'refresh-2' } } : { code },
      );
      const results = await Promise.allSettled([
        t.client.call(POST('/a'), {}),
        t.client.call(GET('/b')),
        t.client.call(POST('/c'), { x: 1 }),
      ]);
      expect(results.every((r) => r.status === 'rejected')).toBe(true);
      const refreshes = t.seen.filter((r) => r.path.endsWith(ApiPath.refreshToken));
      expect(refreshes).toHaveLength(1);
      expect(refreshes[0].method).toBe('POST');
      expect(refreshes[0].payload).toBeUndefined(); // empty body
      expect(refreshes[0].headers[REFRESH_HEADER]).toBe('refresh-1');
      expect(t.saved).toEqual([{ accessToken: 'access-2', refreshToken: 'refresh-2' }]);
      expect(t.scheduled.map(([, ms]) => ms)).toEqual([1200]);
      expect(t.calls).toEqual([]);
      t.scheduled[0][0]();
      expect(t.calls).toEqual([['reload']]);
      expect(t.toasts).toEqual([]);
    },
  );

  it('a failed refresh runs session-failure handling once', async () => {
    const t = await setup(
      (request) =>
        request.path.endsWith(ApiPath.refreshToken) ? { code: Code.REFRESH_INVALID, message: '登录已失效' } : { code: Code.ACCESS_EXPIRED },
      { loginType: 'unit' },
    );
    await Promise.allSettled([t.client.call(POST('/a'), {}), t.client.call(POST('/b'), {})]);
    expect(t.seen.filter((r) => r.path.endsWith(ApiPath.refreshToken))).toHaveLength(1);
    expect(t.saved).toEqual([]);
    expect(t.cleared).toEqual(['session']);
    expect(t.calls).toEqual([['replace', '/gatePage']]);
  });

  it.each([
    [Code.NO_TOKEN, 'unit', '/gatePage'],
    [Code.SUPERSEDED, 'unit', '/gatePage'],
    [Code.REFRESH_INVALID, 'personal', '/Transfer/404'],
    [Code.ACCOUNT_LOCKED, 'personal', '/Transfer/404'],
    [Code.NO_TOKEN, null, '/gatePage'],
  ] as const)('code %i for a %s user ends the session at %s', async (code, loginType, target) => {
    const t = await setup(() => ({ code, message: '登录已失效' }), { loginType });
    await expect(t.client.call(POST('/x'), {})).rejects.toMatchObject({ kind: 'session', code });
    expect(t.cleared).toEqual(['session']);
    expect(t.calls).toEqual([['replace', target]]);
    expect(t.seen.filter((r) => r.path.endsWith(ApiPath.refreshToken))).toHaveLength(0);
  });

  it('code 600067 reaches the caller as a normal result', async () => {
    const t = await setup(() => ({
      code: Code.NOTICE,
      type: 'warning',
      message: '单位信息不完整，请完善信息',
      data: { uact: 'qydw92101' },
    }));
    const answer = await t.client.call(POST('/iep-auc/auc/login'), { uact: 'qydw92101' });
    expect(answer).toMatchObject({ code: 600067, message: '单位信息不完整，请完善信息', data: { uact: 'qydw92101' } });
    expect(t.toasts).toEqual([]);
    expect(t.calls).toEqual([]);
  });

  it('other codes show the message for 5 s and reject', async () => {
    const t = await setup(() => ({ code: Code.FAIL, message: '账号或密码错误' }));
    const error = await t.client.call(POST('/x'), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'business', code: 1, message: '账号或密码错误' });
    expect(t.toasts).toEqual([['账号或密码错误', 5]]);
  });

  it('cuts the exception serial number off internal errors (R53)', async () => {
    const t = await setup(() => ({ code: Code.INTERNAL, message: '系统繁忙，请联系管理员。异常流水号：abc123' }));
    await expect(t.client.call(POST('/x'), {})).rejects.toMatchObject({ message: '系统繁忙，请联系管理员' });
    expect(t.toasts).toEqual([['系统繁忙，请联系管理员', 5]]);
  });

  it('code 0 with a type other than success is a refusal too', async () => {
    const t = await setup(() => ({ code: 0, type: 'error', message: '操作未完成' }));
    await expect(t.client.call(POST('/x'), {})).rejects.toMatchObject({ kind: 'business' });
    expect(t.toasts).toEqual([['操作未完成', 5]]);
  });

  it('silent calls reject without a toast', async () => {
    const t = await setup(() => ({ code: Code.FAIL, message: '字典类型不存在' }));
    await expect(t.client.call(POST('/x'), {}, { silent: true })).rejects.toBeInstanceOf(RequestError);
    expect(t.toasts).toEqual([]);
  });

  it('a timeout shows 请求超时，请稍后重试', async () => {
    const t = await setup(() => ({ delayMs: 400, data: null }), { timeout: 80 });
    await expect(t.client.call(GET('/slow'))).rejects.toMatchObject({ kind: 'timeout', message: TIMEOUT_MESSAGE });
    expect(t.toasts).toEqual([['请求超时，请稍后重试', 5]]);
  });
});

describe('request client: the app names its refresh call and its landing pages (the console)', () => {
  const consoleApp = { refreshCall: opsCalls.opsRefreshToken, sessionEndPath: () => '/console/login', resetPath: '/console/login' };

  it("refreshes at the operator's refresh call, never the portal's", async () => {
    const t = await setup(
      (request) =>
        request.path.endsWith('/ops/api/refreshToken')
          ? { data: { accessToken: 'access-2', refreshToken: 'refresh-2' } }
          : { code: Code.ACCESS_EXPIRED },
      { app: consoleApp },
    );
    await Promise.allSettled([t.client.call(POST('/ops/api/waiting/list'), {}), t.client.call(POST('/ops/api/registrations/list'), {})]);
    expect(t.seen.filter((r) => r.path.endsWith('/ops/api/refreshToken'))).toHaveLength(1);
    expect(t.seen.filter((r) => r.path.endsWith(ApiPath.refreshToken))).toHaveLength(0);
    expect(t.saved).toEqual([{ accessToken: 'access-2', refreshToken: 'refresh-2' }]);
  });

  it("a failed session and a client reset land on the console's login", async () => {
    const ended = await setup(() => ({ code: Code.NO_TOKEN, message: '登录已失效' }), { app: consoleApp, loginType: 'personal' });
    await expect(ended.client.call(POST('/ops/api/me'), {})).rejects.toMatchObject({ kind: 'session' });
    expect(ended.calls).toEqual([['replace', '/console/login']]);
    await server?.close();
    const reset = await setup(() => ({ code: Code.RESET_CLIENT, message: '系统已升级' }), { app: consoleApp });
    await expect(reset.client.call(POST('/ops/api/me'), {})).rejects.toMatchObject({ code: -4 });
    expect(reset.calls).toEqual([['replace', '/console/login']]);
  });
});

describe('download helper (R55)', () => {
  it('saves the file under its Content-Disposition name, unsealed', async () => {
    const t = await setup(() => ({ file: { body: 'PDF-DATA', name: '授权委托书.pdf' } }));
    const saveFile = vi.fn();
    const download = createDownloader({ http: t.client.http, envelopeKey: 'HallMutualAid066', toast: { error: vi.fn() }, saveFile });
    await download(biddingCalls.powerOfAttorney, { empName: ' 7 ' }, 'file.pdf');
    expect(saveFile).toHaveBeenCalledTimes(1);
    expect(saveFile.mock.calls[0][1]).toBe('授权委托书.pdf');
    expect(t.seen[0].channel).toBeUndefined();
    expect(t.seen[0].payload).toEqual({ empName: ' 7 ' });
  });

  it('a refusal shows 下载失败：{message} for 5 s', async () => {
    const t = await setup(() => ({ code: Code.FAIL, message: '文件不存在' }));
    const error = vi.fn();
    const download = createDownloader({ http: t.client.http, envelopeKey: 'HallMutualAid066', toast: { error }, saveFile: vi.fn() });
    await expect(download(fileCalls.fileDownload, { fileId: 'x' }, 'x.bin')).rejects.toThrow('文件不存在');
    expect(error).toHaveBeenCalledWith('下载失败：文件不存在', 5);
    expect(t.toasts).toEqual([]); // one toast only
  });
});

it('the refresh header matches the shared contract', () => {
  expect(REFRESH_HEADER).toBe(REFRESH_TOKEN_HEADER);
});
