import { execFile } from 'node:child_process';
import net from 'node:net';
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
  await hall.post(ApiPath.sendMessage, { phone: '13700001111', purpose: 'find-password', ...(await hall.human()) });
  expect(statSync(opsSocketPath(dataDir)).mode & 0o777).toBe(0o600);
  const answer = await sendToServer(dataDir, { command: 'sms-outbox', flags: { phone: '13700001111' }, operator: '' });
  expect(answer).toMatchObject({ ok: true, output: expect.stringMatching(/13700001111 {2}【长沙市总工会】验证码\d{6}/) });
  expect(await sendToServer(dataDir, { command: 'registration-approve', flags: { uact: 'nobody' }, operator: 'ops-admin' })).toEqual({
    ok: false,
    message: '注册申请不存在：nobody',
    usage: false,
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

it('a line that is not a command is answered, and the server goes on', async () => {
  const raw = (line: string) =>
    new Promise<string>((resolve) => {
      const client = net.connect(opsSocketPath(dataDir));
      let output = '';
      client.setEncoding('utf8');
      client.on('data', (chunk) => (output += chunk));
      client.on('end', () => resolve(output));
      client.on('connect', () => client.write(line));
    });
  for (const line of ['not json\n', '{"command": 1}\n', 'null\n', '{"command":"sms-outbox","operator":"x","flags":[]}\n']) {
    expect(JSON.parse(await raw(line)), line).toEqual({ ok: false, message: '命令格式错误', usage: true });
  }
  expect(JSON.parse(await raw('x'.repeat(70 * 1024)))).toEqual({ ok: false, message: '命令过长', usage: true });
  expect((await sendToServer(dataDir, { command: 'sms-outbox', flags: {}, operator: '' }))?.ok).toBe(true);
});
