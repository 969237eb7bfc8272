import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, CHANNEL, open, PROTOCOL_HEADER, PROTOCOL_VERSION, seal } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';
import { LIMITS } from './limits.service';

let hall: TestHall;
let proxied: TestHall;
beforeAll(async () => {
  // The per-IP limits at their real size (the harness raises them for the other test files).
  hall = await createTestHall({ HALL_IP_LIMIT_FACTOR: '1' });
  proxied = await createTestHall({ HALL_IP_LIMIT_FACTOR: '1', HALL_TRUST_PROXY: '1' });
});
afterAll(async () => {
  await hall.close();
  await proxied.close();
});

/** A sealed call from a given client address, optionally claiming another with X-Forwarded-For. */
async function from(on: TestHall, ip: string, path: string, body: object, forwardedFor?: string) {
  const res = await on.app.inject({
    method: 'POST',
    url: on.config.basePath + path,
    remoteAddress: ip,
    headers: { [PROTOCOL_HEADER]: PROTOCOL_VERSION, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { data: seal(body, on.config.envelopeKey), channel: CHANNEL },
  });
  const answer = JSON.parse(res.body);
  return { ...answer, data: answer.data === undefined ? undefined : open(answer.data, on.config.envelopeKey) } as {
    code: number;
    message: string;
  };
}
const limited = (answers: Array<{ message: string }>, message: string) => answers.filter((a) => a.message === message).length;

describe('per-IP limits', () => {
  it('an address gets 20 code sends an hour, another address is not affected, and the next hour opens again', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push(await from(hall, '203.0.113.7', ApiPath.sendMessage, { phone: `1390000${String(1000 + i)}`, purpose: 'find-password' }));
    expect(limited(answers.slice(0, 20), LIMITS.send.message)).toBe(0);
    expect(answers[20].message).toBe(LIMITS.send.message);
    expect((await from(hall, '203.0.113.8', ApiPath.sendMessage, { phone: '13900002000', purpose: 'find-password' })).message).not.toBe(
      LIMITS.send.message,
    );
    hall.clock.advance(60 * 60_000);
    expect((await from(hall, '203.0.113.7', ApiPath.sendMessage, { phone: '13900002001', purpose: 'find-password' })).message).not.toBe(
      LIMITS.send.message,
    );
  });

  it('forty registrations at the same moment from one address: exactly twenty get past the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => from(hall, '203.0.113.9', ApiPath.insertRegisterInfo, {})));
    expect(limited(answers, LIMITS.write.message)).toBe(20);
  });

  it('public look-ups are limited too', async () => {
    const answers = [];
    for (let i = 0; i <= LIMITS.lookup.limit; i++)
      answers.push(await from(hall, '203.0.113.10', ApiPath.selectRegUserInfo, { empUact: 'nobody' }));
    expect(limited(answers, LIMITS.lookup.message)).toBe(1);
    expect(answers.at(-1)!.message).toBe(LIMITS.lookup.message);
  });
});

describe('client address (HALL_TRUST_PROXY)', () => {
  it('by default X-Forwarded-For is ignored: a client cannot choose its address to escape a limit', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await from(hall, '203.0.113.11', ApiPath.findBackPassword, {}, `198.51.100.${i}`));
    expect(answers[20].message).toBe(LIMITS.write.message);
  });

  it('behind a trusted proxy the forwarded address is the client', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await from(proxied, '127.0.0.1', ApiPath.findBackPassword, {}, `198.51.100.${i}`));
    expect(limited(answers, LIMITS.write.message)).toBe(0);
  });
});
