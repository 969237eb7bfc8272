import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller } from '../types';
import { exportJobs, exportThreads } from './export-pool';
import { exportTurnsGiven, TURN_BUDGET_MS, turnsClock } from './export-turns';
import { EXPORT_BUSY, EXPORTS_AT_ONCE, EXPORTS_PER_CALLER, type ExportColumn, runningExports, sendTable, writeTable } from './table-export';

/**
 * The export writer: cells by kind (numbers, ¥ amounts, dates in China time, ID numbers as text),
 * formula text defused, the event loop free while many rows are written, and the export places
 * (two at once per unit).
 */

const COLUMNS: readonly ExportColumn[] = [
  { header: '姓名', key: 'name', kind: 'text' },
  { header: '身份证号码', key: 'certNo', kind: 'text' },
  { header: '金额', key: 'amount', kind: 'money' },
  { header: '份数', key: 'shares', kind: 'count' },
  { header: '出院日期', key: 'day', kind: 'date' },
  { header: '提交时间', key: 'at', kind: 'datetime' },
];

async function bookOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  return book.worksheets[0];
}

async function written(columns: readonly ExportColumn[], rows: unknown[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeTable(out, '表', columns, rows);
  await ended;
  return bookOf(Buffer.concat(chunks));
}

describe('cells', () => {
  it('writes each kind as Excel expects it; ID numbers stay text', async () => {
    const sheet = await written(COLUMNS, [
      ['李华', '430102198503150022', 1_800_000, 2, '2026-03-10', new Date('2026-03-10T17:30:00Z')],
      ['合计', '', -150, '1499', null, '2026-01-31T16:05:00.000Z'],
    ]);
    const [name, certNo, amount, shares, day, at] = [1, 2, 3, 4, 5, 6].map((i) => sheet.getRow(2).getCell(i));
    expect(name.value).toBe('李华');
    expect(certNo.value).toBe('430102198503150022');
    expect(certNo.numFmt).toBe('@');
    expect(amount.value).toBe(18_000);
    expect(amount.numFmt).toBe('"¥"#,##0.00');
    expect(shares.value).toBe(2);
    expect(day.value).toEqual(new Date('2026-03-10T00:00:00Z'));
    expect(day.numFmt).toBe('yyyy-mm-dd');
    // 17:30 UTC is 01:30 the next day in China.
    expect(at.value).toEqual(new Date('2026-03-11T01:30:00Z'));
    expect(at.numFmt).toBe('yyyy-mm-dd hh:mm');
    const second = sheet.getRow(2 + 1);
    expect(second.getCell(3).value).toBe(-1.5);
    expect(second.getCell(4).value).toBe(1499);
    expect(second.getCell(5).value).toBe(null);
    expect(second.getCell(6).value).toEqual(new Date('2026-02-01T00:05:00Z'));
  });

  it('puts an apostrophe before text a spreadsheet could run as a formula; numbers stay numbers', async () => {
    const risky = ['=HYPERLINK("http://x","y")', "=cmd|' /C calc'!A0", '+1+2', '-2+3', '@SUM(A1)', '\tx', '\rx'];
    const sheet = await written(
      COLUMNS,
      risky.map((t) => [t, t, -500, -3, t, t]),
    );
    risky.forEach((t, i) => {
      const row = sheet.getRow(i + 2);
      // (XML reads a carriage return back as a line feed.)
      const text = `'${t}`.replace('\r', '\n');
      expect(row.getCell(1).value).toBe(text);
      expect(row.getCell(2).value).toBe(text);
      expect(row.getCell(3).value).toBe(-5);
      expect(row.getCell(4).value).toBe(-3);
      // Not a date: written as (defused) text.
      expect(row.getCell(5).value).toBe(text);
    });
  });
});

const unitCaller = (id: number) => ({ loginType: 'unit', loginName: `u${id}`, unit: { id } }) as unknown as Caller;

/** A bare server whose /export/:unit sends the rows the test hands it, as that unit. */
function exportServer(rowsFor: (unit: number) => AsyncIterable<unknown[]> | Iterable<unknown[]>) {
  const app = Fastify();
  app.decorateRequest('caller', undefined);
  app.setErrorHandler((error, _request, reply) => reply.status(200).send({ message: (error as Error).message }));
  app.get('/ping', async () => ({ ok: true }));
  app.get<{ Params: { unit: string } }>('/export/:unit', (request, reply) => {
    request.caller = unitCaller(Number(request.params.unit));
    return sendTable(reply, '名单.xlsx', '名单', COLUMNS, rowsFor(Number(request.params.unit)));
  });
  return app;
}

/**
 * The longest stretch between two turns of the event loop while it runs (a check callback each
 * turn; no timer): what a call arriving meanwhile could wait at most.
 */
function loopWatch() {
  let last = performance.now();
  let maxMs = 0;
  let turns = 0;
  let on = true;
  const tick = () => {
    const now = performance.now();
    maxMs = Math.max(maxMs, now - last);
    last = now;
    turns++;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop() {
      on = false;
      return { maxMs: Math.max(maxMs, performance.now() - last), turns };
    },
  };
}

let app: FastifyInstance | undefined;
/** A GET through app.inject, sent at once (inject's own answer only starts when awaited). */
const get = (url: string) => app!.inject({ method: 'GET', url }).then((res) => res);
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the event loop during an export', () => {
  it('stays free while 50,000 rows are written: another call is answered in between', async () => {
    const ROWS = 50_000;
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < ROWS; i++) {
        produced++;
        yield [`职工${i}`, `43010219850315${String(i % 10_000).padStart(4, '0')}`, 123_456 + i, 1 + (i % 3), '2026-03-10', new Date(0)];
      }
    }
    app = exportServer(() => rows());
    await app.ready();
    const watch = loopWatch();
    const exported = get('/export/1');
    const ping = await get('/ping');
    const producedAtPing = produced;
    const file = await exported;
    const { maxMs, turns } = watch.stop();
    expect(ping.json()).toEqual({ ok: true });
    expect(file.statusCode).toBe(200);
    // No stretch of the export held the loop long (the writer without turns held it 1.4 s here).
    console.info(`export of ${ROWS} rows: longest turn of the event loop ${maxMs.toFixed(1)} ms, ${turns} turns`);
    // The other call was answered while rows were still being read, not after the last.
    expect(producedAtPing).toBeLessThan(ROWS);
    // The writer gave the loop turns all along (one per slice; a writer without them gives one or
    // two). How long a turn may take is a speed, measured in bench/export-stall.ts, not here.
    expect(turns).toBeGreaterThan(20);
    const sheet = await bookOf(file.rawPayload);
    expect(sheet.rowCount).toBe(ROWS + 1);
    expect(sheet.getRow(ROWS + 1).getCell(1).value).toBe(`职工${ROWS - 1}`);
  }, 60_000);

  it('gives the loop as many turns for its rows when several exports run as when one runs alone', async () => {
    const ROWS = 500;
    const TOGETHER = 4;
    // Every row costs 0.5 ms of the turns' clock: a turn's budget holds the same rows on any machine.
    let clock = 0;
    const realClock = turnsClock.now;
    turnsClock.now = () => clock;
    function* rows() {
      for (let i = 0; i < ROWS; i++) {
        clock += 0.5;
        yield [`职工${i}`, `43010219850315${String(i % 10_000).padStart(4, '0')}`, 123_456 + i, 1, '2026-03-10', new Date(0)];
      }
    }
    /** Rows written per turn the writers gave the loop while `exports` of them ran at once. */
    async function rowsPerTurn(exports: number) {
      const before = exportTurnsGiven();
      await Promise.all(
        Array.from({ length: exports }, async () => {
          const out = new PassThrough();
          out.resume();
          await writeTable(out, '表', COLUMNS, rows());
        }),
      );
      return (exports * ROWS) / (exportTurnsGiven() - before);
    }
    try {
      const alone = await rowsPerTurn(1);
      const together = await rowsPerTurn(TOGETHER);
      expect(alone).toBeGreaterThan(TURN_BUDGET_MS);
      // One budget for all of them (export-turns.ts): with a slice each, four exports wrote four
      // times as many rows before the loop's turn as one export alone.
      expect(together).toBeLessThanOrEqual(alone);
    } finally {
      turnsClock.now = realClock;
    }
  });
});

describe('export places', () => {
  /** A row source that joins `sources` when it is first read, then waits for the test's word before it ends. */
  function held(sources: Held[]) {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const self = { finish, running };
    async function* rows() {
      sources.push(self);
      yield ['甲', '430102198503150022', 100, 1, '2026-01-01', new Date(0)];
      started();
      await done;
    }
    return rows();
  }
  type Held = { finish: () => void; running: Promise<void> };

  it('a unit runs two exports at once: a third is refused, and allowed again when one ends', async () => {
    const sources: Held[] = [];
    app = exportServer(() => held(sources));
    await app.ready();
    const first = get('/export/7');
    const second = get('/export/7');
    await Promise.all([0, 1].map(async (i) => (await until(() => sources[i])).running));
    expect(EXPORTS_PER_CALLER).toBe(2);
    const third = await get('/export/7');
    expect(third.json()).toEqual({ message: EXPORT_BUSY });
    expect(EXPORT_BUSY).toBe('导出任务较多，请稍后再试');
    // Another unit is not held up by this one.
    const other = get('/export/8');
    await (await until(() => sources[2])).running;
    sources[2].finish();
    expect((await other).statusCode).toBe(200);
    sources[0].finish();
    expect((await first).statusCode).toBe(200);
    const again = get('/export/7');
    await (await until(() => sources[3])).running;
    sources[1].finish();
    sources[3].finish();
    expect((await second).statusCode).toBe(200);
    expect((await again).statusCode).toBe(200);
  });

  it('the process runs at most EXPORTS_AT_ONCE', async () => {
    const sources: Held[] = [];
    app = exportServer(() => held(sources));
    await app.ready();
    const running = Array.from({ length: EXPORTS_AT_ONCE }, (_, i) => get(`/export/${100 + i}`));
    await Promise.all(running.map(async (_, i) => (await until(() => sources[i])).running));
    expect((await get('/export/99')).json()).toEqual({ message: EXPORT_BUSY });
    for (const s of sources) s.finish();
    await Promise.all(running);
  });

  it('gives the place back when the source fails and when the client goes away', async () => {
    let mode: 'fail' | 'hold' = 'fail';
    const sources: Held[] = [];
    app = exportServer(() =>
      mode === 'fail'
        ? (async function* () {
            yield ['甲'];
            throw new Error('数据库断开');
          })()
        : held(sources),
    );
    await app.ready();
    for (let i = 0; i < 3; i++) await get('/export/5').catch(() => undefined);
    await until(() => (runningExports() === 0 ? true : undefined));
    // Two exports over real connections whose clients leave as soon as the answer begins.
    mode = 'hold';
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (let i = 0; i < 2; i++) {
      const req = httpRequest({ port, host: '127.0.0.1', path: '/export/5' }, () => req.destroy());
      req.on('error', () => undefined);
      req.end();
    }
    await until(() => (sources.length === 2 ? true : undefined));
    await Promise.all(sources.map((s) => s.running));
    // Their sources still wait, but the places are given back once the server sees the clients gone.
    await until(() => (runningExports() === 0 ? true : undefined));
    const next = get('/export/5');
    const third = await until(() => sources[2]);
    await third.running;
    for (const s of sources) s.finish();
    expect((await next).statusCode).toBe(200);
  });
});

describe('the export worker', () => {
  it('writes the same workbook as the writer on the event loop', async () => {
    const rows: unknown[][] = [
      ['李华', '430102198503150022', 1_800_000, 2, '2026-03-10', new Date('2026-03-10T17:30:00Z')],
      ['合计', '', -150, '1499', null, '2026-01-31T16:05:00.000Z'],
      ['=HYPERLINK("http://x","y")', '+1+2', '12', 'x', 'not a day', 42],
      // More rows than one batch to the worker, and a value that is neither text nor number nor date.
      ...Array.from({ length: 1_234 }, (_, i) => [`职工${i}`, { toString: () => `证件${i}` }, i, i % 3, '2026-01-01', null]),
    ];
    app = exportServer(() => rows);
    await app.ready();
    const [fromWorker, onLoop] = await Promise.all([get('/export/1').then((res) => bookOf(res.rawPayload)), written(COLUMNS, rows)]);
    expect(exportThreads().length).toBeGreaterThan(0);
    expect(fromWorker.rowCount).toBe(rows.length + 1);
    const cells = (sheet: typeof onLoop) =>
      Array.from({ length: sheet.rowCount }, (_, r) =>
        COLUMNS.map((_, c) => {
          const cell = sheet.getRow(r + 1).getCell(c + 1);
          return [cell.value, cell.numFmt, cell.font?.bold];
        }),
      );
    expect(cells(fromWorker)).toEqual(cells(onLoop));
    expect(fromWorker.getRow(rows.length + 1).getCell(2).value).toBe('证件1233');
  });

  it("a client that goes away ends the job in the worker and the rows' source", async () => {
    let read = 0;
    let ended = false;
    // Rows without end: only the client's leaving stops this export.
    async function* endless() {
      try {
        for (;;) {
          read++;
          yield [`职工${read}`, '430102198503150022', 100, 1, '2026-01-01', new Date(0)];
        }
      } finally {
        ended = true;
      }
    }
    app = exportServer(() => endless());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // The client leaves at the first bytes (the worker's: it may be starting, so awaited, not counted in turns).
    await new Promise<void>((resolve) => {
      const req = httpRequest({ port, host: '127.0.0.1', path: '/export/4' }, (res) =>
        res.once('data', () => {
          req.destroy();
          resolve();
        }),
      );
      req.on('error', () => undefined);
      req.end();
    });
    await until(() => (ended ? true : undefined));
    await until(() => (exportJobs() === 0 && runningExports() === 0 ? true : undefined));
    expect(read).toBeGreaterThan(0);
  });

  it('a worker that stops ends its export in the error path; the next export gets a new worker', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let reached!: () => void;
    const running = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let ended = false;
    let mode: 'hold' | 'plain' = 'hold';
    app = exportServer(() =>
      mode === 'hold'
        ? (async function* () {
            try {
              // The first page is slow: the job waits for its first rows, and no byte was sent.
              reached();
              await held;
              yield ['乙', '430102198503150030', 100, 1, '2026-01-01', new Date(0)];
            } finally {
              ended = true;
            }
          })()
        : [['丙', '430102198503150049', 100, 1, '2026-01-01', new Date(0)]],
    );
    await app.ready();
    const answer = get('/export/3');
    await running;
    const threads = exportThreads();
    expect(threads.length).toBeGreaterThan(0);
    await Promise.all(threads.map((t) => t.terminate()));
    const failed = await answer;
    // Nothing was sent yet: the error handler answers (the hall's says 系统繁忙…).
    expect(failed.json()).toEqual({ message: expect.stringContaining('the export worker stopped') });
    expect(failed.headers['content-type']).toMatch(/json/);
    await until(() => (runningExports() === 0 ? true : undefined));
    // The source is ended at its next row (its pages stop being read).
    expect(ended).toBe(false);
    finish();
    await until(() => (ended ? true : undefined));
    mode = 'plain';
    const next = await get('/export/3');
    expect(next.statusCode).toBe(200);
    expect((await bookOf(next.rawPayload)).getRow(2).getCell(1).value).toBe('丙');
  });
});

/** Waits turn by turn until `get` gives a value (no clock). */
async function until<T>(get: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100_000; i++) {
    const v = get();
    if (v !== undefined) return v;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('never came');
}
