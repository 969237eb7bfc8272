import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ApiPath, CHANNEL, Code, open, PROTOCOL_HEADER, PROTOCOL_VERSION, seal } from '@hall/shared';
import { buildApp } from '../../app';
import { createTestHall, type TestHall } from '../../test/harness';
import { createCaches, type HallCaches } from '../../caches';
import { listenChanges } from '../../lib/change-listener';

/**
 * Two app nodes on one PostgreSQL database: A (the harness's, no cache) changes sessions and
 * accounts, B caches the identity check and must refuse on the very next call what A revoked.
 * The test waits for B's notification (an event), never for time to pass.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the caches of an app node across nodes (PostgreSQL only)', () => {
  let hall: TestHall;
  let nodeB: FastifyInstance;
  let caches: HallCaches;
  let feed: ReturnType<typeof listenChanges>;
  const silent = { warn: () => undefined };

  beforeAll(async () => {
    hall = await createTestHall();
    caches = createCaches();
    feed = listenChanges(hall.databaseUrl!, Object.values(caches), silent);
    await feed.ready;
    nodeB = await buildApp({ config: hall.config, db: hall.db, clock: hall.clock, caches });
  });
  afterAll(async () => {
    await nodeB.close();
    await feed.close();
    await hall.close();
  });

  const infoOnB = async (token: string) => {
    const res = await nodeB.inject({
      method: 'GET',
      url: hall.config.basePath + ApiPath.userInfo,
      headers: { [PROTOCOL_HEADER]: PROTOCOL_VERSION, authorization: token },
    });
    const body = JSON.parse(res.body);
    return { code: body.code as number, data: (body.data ? open(body.data, hall.config.envelopeKey) : undefined) as { name: string } };
  };

  it('answers from the cache once the row is read, and refuses a superseded session on its next call', async () => {
    const first = (await hall.loginUnit('lhgh92001')).data.accessToken;
    expect((await infoOnB(first)).code).toBe(0);
    const hits = caches.identities.stats.hits;
    expect((await infoOnB(first)).code).toBe(0);
    expect(caches.identities.stats.hits).toBe(hits + 1);

    const change = feed.nextChange((p: string) => p.startsWith('s:'));
    await hall.loginUnit('lhgh92001'); // on node A: the first session is superseded
    expect(await change).toMatch(/^s:/);
    expect((await infoOnB(first)).code).toBe(Code.SUPERSEDED);
  });

  it('refuses a disabled account and shows a renamed unit at once', async () => {
    const token = (await hall.loginUnit('lhgh92001')).data.accessToken;
    expect((await infoOnB(token)).data.name).toBe('长沙市高新区联合基层工会');

    let change = feed.nextChange((p: string) => p.startsWith('u:'));
    await hall.db.execute(sql`update units set emp_name = '改名后的工会' where uact = 'lhgh92001'`);
    expect(await change).toMatch(/^u:/);
    expect((await infoOnB(token)).data.name).toBe('改名后的工会');

    change = feed.nextChange((p: string) => p.startsWith('a:'));
    await hall.db.execute(sql`update accounts set status = 'disabled' where login_name = 'lhgh92001'`);
    expect(await change).toMatch(/^a:/);
    expect((await infoOnB(token)).code).toBe(Code.ACCOUNT_LOCKED);
    await hall.db.execute(sql`update accounts set status = 'active' where login_name = 'lhgh92001'`);
    await hall.db.execute(sql`update units set emp_name = '长沙市高新区联合基层工会' where uact = 'lhgh92001'`);
  });

  it('a last-seen touch announces nothing (no churn from busy sessions)', async () => {
    const token = (await hall.loginUnit('hygh93001')).data.accessToken;
    expect((await infoOnB(token)).code).toBe(0);
    const size = caches.identities.size;
    // Messages arrive in order: once a first marker is here, nothing earlier is still on its way.
    const flushed = feed.nextChange((p: string) => p === 's:marker-1');
    await hall.db.execute(sql`select pg_notify('hall_changes', 's:marker-1')`);
    await flushed;
    const next = feed.nextChange();
    hall.clock.advance(120_000); // past the touch interval, within the idle limit
    expect((await infoOnB(token)).code).toBe(0);
    await hall.db.execute(sql`select pg_notify('hall_changes', 's:marker-2')`);
    expect(await next).toBe('s:marker-2'); // the touch sent nothing before it
    expect(caches.identities.size).toBe(size);
  });

  it('the unread count is kept per recipient until its mail changes: a new message, a read', async () => {
    const token = (await hall.loginUnit('qydw92101')).data.accessToken;
    const unreadOnB = async () => {
      const res = await nodeB.inject({
        method: 'POST',
        url: hall.config.basePath + ApiPath.mailPage,
        headers: { [PROTOCOL_HEADER]: PROTOCOL_VERSION, authorization: token },
        payload: { data: seal({ readFlag: '0', pageNum: 1, pageSize: 1 }, hall.config.envelopeKey), channel: CHANNEL },
      });
      return open<{ totlCnt: number }>(JSON.parse(res.body).data, hall.config.envelopeKey).totlCnt;
    };
    const before = await unreadOnB();
    const hits = caches.unread.stats.hits;
    expect(await unreadOnB()).toBe(before);
    expect(caches.unread.stats.hits).toBe(hits + 1);

    let change = feed.nextChange((p: string) => p === 'm:unit|qydw92101');
    await hall.db.execute(
      sql`insert into mail_messages (recipient_kind, recipient_key, title, content, sender, created_at)
          values ('unit', 'qydw92101', '新消息', '内容', '市总工会', now())`,
    );
    await change;
    expect(await unreadOnB()).toBe(before + 1);

    change = feed.nextChange((p: string) => p === 'm:unit|qydw92101');
    expect((await hall.post(ApiPath.mailReadAll, { all: true }, token)).code).toBe(0); // on node A
    await change;
    expect(await unreadOnB()).toBe(0);
  });

  it('the notice list is kept until a notice changes', async () => {
    const pageOnB = async () => {
      const res = await nodeB.inject({
        method: 'POST',
        url: hall.config.basePath + ApiPath.noticePage,
        headers: { [PROTOCOL_HEADER]: PROTOCOL_VERSION },
        payload: { data: seal({ pageNum: 1, pageSize: 10 }, hall.config.envelopeKey), channel: CHANNEL },
      });
      return open<{ list: { id: string; title: string }[] }>(JSON.parse(res.body).data, hall.config.envelopeKey).list;
    };
    const [first] = await pageOnB();
    const hits = caches.notices.stats.hits;
    expect((await pageOnB())[0]).toEqual(first);
    expect(caches.notices.stats.hits).toBe(hits + 1);
    const change = feed.nextChange((p: string) => p === 'n:all');
    await hall.db.execute(sql`update notices set title = '标题已修改' where id = ${Number(first.id)}`);
    await change;
    expect((await pageOnB())[0].title).toBe('标题已修改');
  });

  it("a unit's home chart is kept until its totals or the periods change", async () => {
    const token = (await hall.loginUnit('qydw92101')).data.accessToken;
    type Chart = { toYear: number; list: { year: number; amountFen: number }[] };
    const chartOnB = async (path: string = ApiPath.treatDataYear) => {
      const res = await nodeB.inject({
        method: 'POST',
        url: hall.config.basePath + path,
        headers: { [PROTOCOL_HEADER]: PROTOCOL_VERSION, authorization: token },
        payload: { data: seal({}, hall.config.envelopeKey), channel: CHANNEL },
      });
      return open<Chart>(JSON.parse(res.body).data, hall.config.envelopeKey);
    };
    const before = await chartOnB();
    const { hits, misses } = caches.homeCharts.stats;
    expect(await chartOnB()).toEqual(before);
    expect(caches.homeCharts.stats).toEqual({ hits: hits + 1, misses });

    // The unit's treatment totals change on node A (as a settlement load's triggers change them;
    // the demo of this harness has no treatments): the totals' trigger announces the unit.
    const { rows } = (await hall.db.execute(sql`select u.id, p.id as "periodId", p.year from units u, periods p
        where u.uact = 'qydw92101' and p.year = ${before.toYear}`)) as unknown as {
      rows: { id: number; periodId: number; year: number }[];
    };
    const [u] = rows;
    let change = feed.nextChange((p: string) => p === `h:${u.id}`);
    await hall.db.execute(sql`insert into treatment_totals (unit_id, period_id, product_code, state, n, with_amount, amount_fen, paid_fen)
      values (${u.id}, ${u.periodId}, 'A', 'paid', 1, 1, 100, 100)`);
    await change;
    const after = await chartOnB();
    const of = (c: Chart) => c.list.find((y) => y.year === u.year)!.amountFen;
    expect(of(after)).toBe(of(before) + 100);

    // Its paid claims change (unit_claim_totals' trigger): the claims chart follows.
    const claimsBefore = await chartOnB(ApiPath.subsidyFrequencyAmount);
    change = feed.nextChange((p: string) => p === `h:${u.id}`);
    await hall.db.execute(sql`insert into unit_claim_totals (unit_id, period_id, type, state, n, amount_fen)
      values (${u.id}, ${u.periodId}, 'hardship', 'paid', 1, 500)
      on conflict (unit_id, period_id, type, state) do update set n = unit_claim_totals.n + 1, amount_fen = unit_claim_totals.amount_fen + 500`);
    await change;
    expect(of(await chartOnB(ApiPath.subsidyFrequencyAmount))).toBe(of(claimsBefore) + 500);

    // The periods change (the charts' years, the key figures' period): every chart and the periods are read again.
    const figuresOnB = async () => {
      const res = await nodeB.inject({
        method: 'POST',
        url: hall.config.basePath + ApiPath.homeFigures,
        headers: { [PROTOCOL_HEADER]: PROTOCOL_VERSION, authorization: token },
        payload: { data: seal({}, hall.config.envelopeKey), channel: CHANNEL },
      });
      return open<{ periodName: string }>(JSON.parse(res.body).data, hall.config.envelopeKey);
    };
    const { periodName } = await figuresOnB();
    change = feed.nextChange((p: string) => p === 'h:all');
    await hall.db.execute(sql`update periods set name = name || '（改）' where name = ${periodName}`);
    await change;
    const missed = caches.homeCharts.stats.misses;
    expect(await chartOnB()).toEqual(after);
    expect(caches.homeCharts.stats.misses).toBe(missed + 2);
    expect((await figuresOnB()).periodName).toBe(`${periodName}（改）`);
  });

  it('without its channel the cache holds nothing and every call reads the database', async () => {
    const token = (await hall.loginUnit('lhgh92001')).data.accessToken;
    expect((await infoOnB(token)).code).toBe(0);
    await feed.close();
    expect(caches.identities.size).toBe(0);
    await hall.loginUnit('lhgh92001'); // nobody tells B: it must not matter
    expect((await infoOnB(token)).code).toBe(Code.SUPERSEDED);
  });
});
