import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiPath } from '@hall/shared';
import { createTestHall, type TestHall } from '../test/harness';
import { opsSocketPath, sendToServer, startOpsSocket } from './ops-socket';

let hall: TestHall;
let socket: { close(): Promise<void> };
const dataDir = mkdtempSync(path.join(tmpdir(), 'hall-ops-socket-'));
beforeAll(async () => {
  hall = await createTestHall();
  socket = await startOpsSocket(hall.app.hall, dataDir, hall.app.log);
});
afterAll(async () => {
  await socket.close();
  await hall.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('runs an operator command inside the server, on its database', async () => {
  await hall.post(ApiPath.sendMessage, { phone: '13700001111', purpose: 'agent-register' });
  expect(statSync(opsSocketPath(dataDir)).mode & 0o777).toBe(0o600);
  const answer = await sendToServer(dataDir, { command: 'sms-outbox', flags: { phone: '13700001111' }, operator: 'tester' });
  expect(answer).toMatchObject({ ok: true, output: expect.stringMatching(/13700001111 {2}【长沙市总工会】验证码\d{6}/) });
  expect(await sendToServer(dataDir, { command: 'registration-approve', flags: { uact: 'nobody' }, operator: 'tester' })).toEqual({
    ok: false, message: '注册申请不存在：nobody', usage: false,
  });
  expect(await sendToServer(path.join(dataDir, 'none'), { command: 'sms-outbox', flags: {}, operator: 'x' })).toBeUndefined();
});

it('`npm run ops` reaches the running server through the socket', async () => {
  const cli = path.resolve(__dirname, 'ops.ts');
  const { DATABASE_URL: _unused, ...env } = process.env;
  const { stdout } = await promisify(execFile)('npx', ['tsx', cli, 'sms-outbox', '--phone', '13700001111'], {
    env: { ...env, HALL_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(stdout).toMatch(/验证码\d{6}/);
}, 60_000);
