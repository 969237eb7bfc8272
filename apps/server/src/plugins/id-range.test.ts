import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CHANNEL, Code, type Contract, contracts, idRegistry, open, OpsPath, PROTOCOL_HEADER, PROTOCOL_VERSION, seal } from '@hall/shared';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../test/harness';
import { makeOperator } from '../test/operator-tools';

/**
 * Ids in range (docs/api.md, "Ids"): every id field of every contract's request (a name ending in
 * id, Id or ids, arrays included) is the shared idField (or text: uuids, captcha ids), and an id
 * past its column's range is a validation refusal with a Chinese message, never an internal error.
 */

const TOO_BIG = 2 ** 40;
const PAST_BIGINT = 2 ** 53;
const CHINESE = /[\u4e00-\u9fff]/;
const ID_NAME = /(id|Id|ids|Ids)$/;

type Schema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };
interface IdField {
  path: Array<string | number>;
  schema: Schema;
}

/** The schema under optional/default/preprocess wrappers; an id schema of the registry is kept as it is. */
function unwrap(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 20 && !idRegistry.has(s); i++) {
    const def = s._zod.def;
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) s = def.innerType as Schema;
    else if (def.type === 'pipe') {
      const input = def.in as Schema;
      s = (input._zod.def.type === 'transform' ? def.out : input) as Schema; // z.preprocess: the schema is the out side
    } else break;
  }
  return s;
}

/** The id fields of a request schema, with where they sit in the body. */
function idFields(schema: Schema, path: Array<string | number> = []): IdField[] {
  const s = unwrap(schema);
  const def = s._zod.def;
  if (def.type === 'object')
    return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) => {
      if (!ID_NAME.test(key)) return idFields(field, [...path, key]);
      const inner = unwrap(field);
      return inner._zod.def.type === 'array'
        ? [{ path: [...path, key, 0], schema: unwrap(inner._zod.def.element as Schema) }]
        : [{ path: [...path, key], schema: inner }];
    });
  if (def.type === 'union') return (def.options as Schema[]).flatMap((o) => idFields(o, path));
  if (def.type === 'intersection') return [...idFields(def.left as Schema, path), ...idFields(def.right as Schema, path)];
  return [];
}

/** A body with `value` at `path` (a number segment: an array). */
function bodyWith(path: Array<string | number>, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  return typeof head === 'number' ? [bodyWith(rest, value)] : { [head]: bodyWith(rest, value) };
}

const withIds = (Object.values(contracts) as Contract[]).flatMap((c) =>
  c.request ? idFields(c.request as Schema).map((f) => ({ call: c, ...f })) : [],
);

let hall: TestHall;
const tokens: Partial<Record<Contract['access'], string>> = {};

beforeAll(async () => {
  hall = await createTestHall();
  tokens.unit = (await hall.loginUnit('qydw92101')).data.accessToken;
  tokens.any = tokens.unit;
  tokens.personal = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  await makeOperator(hall, {
    login: 'ids.op',
    name: '编号测试员',
    password: 'Oper@2026ab',
    role: ['admin', 'reviewer', 'finance', 'data'],
  });
  const login = { username: 'ids.op', password: 'Oper@2026ab', captchaId: await hall.captcha(), captchaCode: TEST_CAPTCHA };
  tokens.operator = (await hall.post(OpsPath.opsLogin, login)).data.accessToken;
});
afterAll(() => hall.close());

/** The call as a client makes it, with `payload` as the body (or the query string of a GET). */
async function send(call: Contract, payload: unknown) {
  const key = hall.config.envelopeKey;
  const token = tokens[call.access];
  const res = await hall.app.inject({
    method: call.method,
    url: hall.config.basePath + call.path,
    headers: { [PROTOCOL_HEADER]: PROTOCOL_VERSION, ...(token ? { authorization: token } : {}) },
    ...(call.method === 'GET'
      ? { query: Object.fromEntries(Object.entries(payload as object).map(([k, v]) => [k, String(v)])) }
      : { payload: call.sealed === false ? (payload as object) : { data: seal(payload, key), channel: CHANNEL } }),
  });
  const body = JSON.parse(res.body);
  return { status: res.statusCode, code: body.code as number, message: body.message as string, data: body.data && open(body.data, key) };
}

describe('id fields', () => {
  it('are found in the requests (the walk sees them)', () => {
    const names = withIds.map((f) => `${f.call.name}.${f.path.join('.')}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'transferOutApply.staffId',
        'filingApply.staffId',
        'evaluationSubmit.id',
        'staffBatchLeave.ids.0',
        'mailRead.id',
      ]),
    );
  });

  it('are the shared idField, or text (uuids, captcha ids)', () => {
    const other = withIds.filter((f) => !idRegistry.has(f.schema) && f.schema._zod.def.type !== 'string');
    expect(other.map((f) => `${f.call.name}.${f.path.join('.')}: ${f.schema._zod.def.type}`)).toEqual([]);
  });

  it("refuse an id past their column's range, at the field, with its Chinese message", () => {
    for (const f of withIds.filter((x) => idRegistry.has(x.schema))) {
      const { range, message } = idRegistry.get(f.schema)!;
      const parsed = (f.call.request as Schema).safeParse(bodyWith(f.path, range === 'int' ? TOO_BIG : PAST_BIGINT));
      const issue = parsed.error?.issues.find((i) => i.path.join('.') === f.path.join('.'));
      expect(issue?.message, `${f.call.name}.${f.path.join('.')}`).toBe(message);
      expect(message).toMatch(CHINESE);
      const inRange = (f.call.request as Schema).safeParse(bodyWith(f.path, 2 ** 31 - 1));
      expect(
        inRange.error?.issues.find((i) => i.path.join('.') === f.path.join('.')),
        `${f.call.name}: 2³¹−1 is an id`,
      ).toBeUndefined();
    }
  });

  it('answer 2⁴⁰ through the app with a refusal (code 1, Chinese), never an internal error', async () => {
    const answers = await Promise.all(
      withIds.map(async (f) => [`${f.call.name}.${f.path.join('.')}`, await send(f.call, bodyWith(f.path, TOO_BIG))] as const),
    );
    const wrong = answers.filter(([, a]) => a.status !== 200 || a.code !== Code.FAIL || !CHINESE.test(a.message));
    expect(wrong.map(([name, a]) => `${name}: ${a.status} ${a.code} ${a.message}`)).toEqual([]);
  });
});
