import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code, contracts, DEFAULT_ENVELOPE_KEY, fileBytes, NOT_INSURED_MESSAGES, open, type Contract } from '@hall/shared';
import { registerCall } from '../lib/route';
import { createTestHall, type TestHall } from '../test/harness';
import { envelopePlugin } from './envelope';
import { errorsPlugin } from './errors';

/**
 * What the server takes from a contract beyond method and path: needInsured (refused to a caller
 * without an active medical-insurance registration) and the response schema (an answer with a
 * field the contract does not name fails, it is not sent).
 */
let hall: TestHall;
const tokens: Record<string, string> = {};
const ACCOUNTS = {
  unit: { insured: 'qydw92101', notInsured: 'qydw92102' },
  personal: { insured: '430102198503150022', notInsured: '430105199211080011' },
} as const;

beforeAll(async () => {
  hall = await createTestHall();
  for (const [type, accounts] of Object.entries(ACCOUNTS)) {
    for (const name of Object.values(accounts)) {
      const answer = type === 'unit' ? await hall.loginUnit(name) : await hall.loginPersonal(name);
      tokens[name] = answer.data.accessToken;
    }
  }
});
afterAll(() => hall.close());

/** A download answers the file, or an envelope when refused: read as {code, message} either way. */
const download = async (c: Contract, token: string) => (await hall.download(c.path, {}, token)).answer ?? { code: Code.OK, message: '' };
const call = (c: Contract, token: string) =>
  c.response === fileBytes ? download(c, token) : c.method === 'GET' ? hall.get(c.path, token) : hall.post(c.path, {}, token);
const loginTypes = (c: Contract) => (c.access === 'unit' || c.access === 'personal' ? [c.access] : (['unit', 'personal'] as const));

/** Every needInsured contract, with an insured and a not-insured demo account of each login type it admits. */
function checkNeedInsured(c: Contract) {
  return Promise.all(
    loginTypes(c).map(async (type) => {
      const refused = await call(c, tokens[ACCOUNTS[type].notInsured]);
      expect(refused.code, `${c.path} ${type}`).toBe(Code.FAIL);
      expect(refused.message).toBe(NOT_INSURED_MESSAGES[type]);
      const insured = await call(c, tokens[ACCOUNTS[type].insured]);
      expect(insured.message, `${c.path} ${type}`).not.toBe(NOT_INSURED_MESSAGES[type]);
    }),
  );
}

describe('needInsured', () => {
  const needInsured = (Object.values(contracts) as Contract[]).filter((c) => c.needInsured);

  it.each(needInsured.map((c) => [c.name, c] as const))('%s is refused to a caller without insurance', async (_name, c) => {
    await checkNeedInsured(c);
  });

  describe('the mechanism (a contract flipped for the test)', () => {
    const flipped = contracts.userInfo as Contract;
    afterEach(() => {
      flipped.needInsured = false;
    });

    it('refuses the not-insured unit and person with code 1 and the empty state message, serves the insured ones', async () => {
      flipped.needInsured = true;
      await checkNeedInsured(flipped);
    });

    it('is off by default: a not-insured caller is served', async () => {
      expect((await hall.get(flipped.path, tokens[ACCOUNTS.unit.notInsured])).code).toBe(Code.OK);
    });
  });
});

describe('response schemas', () => {
  const check = contracts.captcha as Contract;
  const testCall = (): Contract => ({
    ...check,
    name: 'test',
    path: '/test',
    access: 'public',
    response: z.strictObject({ ok: z.boolean(), list: z.array(z.strictObject({ id: z.string() })) }),
    summary: 'test',
    tags: [],
  });

  async function answerOf(data: unknown) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.decorate('hall', { config: { envelopeKey: DEFAULT_ENVELOPE_KEY } } as never);
    await app.register(async (api) => {
      await errorsPlugin(api);
      await envelopePlugin(api);
      registerCall(api, testCall(), () => data as never);
    });
    const body = JSON.parse((await app.inject({ method: 'GET', url: '/test' })).body);
    await app.close();
    return { ...body, data: typeof body.data === 'string' ? open(body.data) : body.data };
  }

  it('the answer the contract describes is sealed and sent', async () => {
    const answer = await answerOf({ ok: true, list: [{ id: '1' }] });
    expect(answer).toMatchObject({ code: Code.OK, data: { ok: true, list: [{ id: '1' }] } });
  });

  it('a field the contract does not name, at any depth, is a fault (500, logged), never sent', async () => {
    for (const data of [
      { ok: true, list: [], passwordHash: 'x' },
      { ok: true, list: [{ id: '1', phone: '13800000000' }] },
      { ok: 'yes', list: [] },
    ]) {
      const answer = await answerOf(data);
      expect(answer.code, JSON.stringify(data)).toBe(Code.INTERNAL);
      expect(answer.data).toBeUndefined();
    }
  });
});
