import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTING_FOR_CALLS,
  ACTING_FOR_HEADER,
  CHANNEL,
  type Contract,
  contracts,
  open,
  ORG_MESSAGES,
  PROTOCOL_HEADER,
  PROTOCOL_VERSION,
  RELEASED_ALLOWED_WRITES,
  seal,
} from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';

/**
 * The released-branch rule (docs/decisions.md, "Released branch is read-only") from the contracts: every unit call that writes is
 * refused to the released branch fhgh93102 unless RELEASED_ALLOWED_WRITES names it, and the 93
 * union acting for the branch still reaches the business of every one it may act for. The rule
 * answers before the body is read, so an empty body is enough.
 */

/**
 * A level-1 union's own work (review of its units' applications and claims, its union record, its
 * subordinates): never a branch's, so refused to a released branch and never made for one.
 */
const UNION_OWN_WRITES = [
  'examineApprove',
  'examineReturn',
  'examineBatchApprove',
  'claimUnionApprove',
  'claimUnionReturn',
  'unionInfoSubmit',
  'unionInfoWithdraw',
  'uactRelevUpdate',
  'subAdd',
  'subUpdate',
  'subAccount',
  'subNotify',
  'subImport',
  'subImportConfirm',
  'subImportDiscard',
];

const unitCalls = (Object.values(contracts) as Contract[]).filter((c) => c.access === 'unit' || c.access === 'any');
const unitWrites = unitCalls.filter((c) => c.writes);
const allowed = new Set(Object.keys(RELEASED_ALLOWED_WRITES));
const refusedWrites = unitWrites.filter((c) => !allowed.has(c.name));
const acting = new Set(ACTING_FOR_CALLS);
const ORG_REFUSALS: string[] = Object.values(ORG_MESSAGES);

let hall: TestHall;
let released: string;
let union93: string;

beforeAll(async () => {
  hall = await createTestHall();
  released = (await hall.loginUnit('fhgh93102')).data.accessToken;
  union93 = (await hall.loginUnit('hygh93001')).data.accessToken;
});
afterAll(() => hall.close());

/** One call as the portal makes it, with an empty payload: sealed or plain as the contract says. */
async function send(call: Contract, token: string, headers: Record<string, string> = {}) {
  const key = hall.config.envelopeKey;
  const res = await hall.app.inject({
    method: call.method,
    url: hall.config.basePath + call.path,
    headers: { [PROTOCOL_HEADER]: PROTOCOL_VERSION, authorization: token, ...headers },
    ...(call.method === 'POST' ? { payload: call.sealed === false ? {} : { data: seal({}, key), channel: CHANNEL } } : {}),
  });
  const json = String(res.headers['content-type'] ?? '').includes('application/json');
  const body = json ? JSON.parse(res.body) : { code: 0, message: '' };
  return { status: res.statusCode, code: body.code as number, message: body.message as string, data: body.data && open(body.data, key) };
}

describe('the contracts say which unit calls write', () => {
  it('classifies every unit write: open to a released branch, made for it by its union, or a union’s own', () => {
    const unclassified = unitWrites
      .map((c) => c.name)
      .filter((n) => [allowed.has(n), acting.has(n), UNION_OWN_WRITES.includes(n)].filter(Boolean).length !== 1);
    expect(unclassified).toEqual([]);
    for (const name of [...allowed, ...ACTING_FOR_CALLS, ...UNION_OWN_WRITES]) {
      expect(contracts[name as keyof typeof contracts], name).toBeDefined();
      expect(['unit', 'any'], name).toContain(contracts[name as keyof typeof contracts].access);
    }
    for (const name of [...allowed, ...UNION_OWN_WRITES]) expect(contracts[name as keyof typeof contracts].writes, name).toBe(true);
  });
});

describe('a released branch (fhgh93102)', () => {
  it('is refused every unit call that writes, before any check of the request', async () => {
    expect(refusedWrites.map((c) => c.name)).toEqual(
      expect.arrayContaining(['staffLeave', 'staffBatchLeave', 'transferOutApply', 'filingApply', 'evaluationSubmit']),
    );
    const answers = await Promise.all(refusedWrites.map(async (c) => [c.name, (await send(c, released)).message]));
    expect(answers.filter(([, message]) => message !== ORG_MESSAGES.released)).toEqual([]);
  });

  it('keeps its reads and the writes on its own account and inbox', async () => {
    const open = unitCalls.filter((c) => !c.writes || allowed.has(c.name)).filter((c) => !c.name.endsWith('Logout'));
    const answers = await Promise.all(open.map(async (c) => [c.name, await send(c, released)] as const));
    expect(answers.filter(([, a]) => a.message === ORG_MESSAGES.released || a.status >= 500).map(([n]) => n)).toEqual([]);
    expect((await send(contracts.mailReadAll, released)).message).not.toBe(ORG_MESSAGES.released);
  });
});

describe('the 93 union acting for the released branch', () => {
  const header = { [ACTING_FOR_HEADER]: 'fhgh93102' };

  it('reaches the business of every write refused to the branch that it may make for it', async () => {
    const forBranch = refusedWrites.filter((c) => acting.has(c.name));
    expect(forBranch.map((c) => c.name)).toEqual(
      expect.arrayContaining(['staffBatchLeave', 'transferOutApply', 'filingApply', 'evaluationSubmit']),
    );
    const answers = await Promise.all(forBranch.map(async (c) => [c.name, await send(c, union93, header)] as const));
    expect(answers.filter(([, a]) => ORG_REFUSALS.includes(a.message) || a.status >= 500).map(([n, a]) => `${n}: ${a.message}`)).toEqual(
      [],
    );
  });

  it('is refused the union’s own calls for the branch', async () => {
    const own = refusedWrites.filter((c) => !acting.has(c.name));
    const answers = await Promise.all(own.map(async (c) => [c.name, (await send(c, union93, header)).message]));
    expect(answers.filter(([, message]) => message !== ORG_MESSAGES.actingNotBusiness)).toEqual([]);
  });
});
