import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { repoRoot } from '../config';

export { DEFAULT_EXPORT_WORKERS } from '../config';
import { exportTurns } from './export-turns';
import type { FromWorker, ToWorker } from './export-worker';
import type { WriteColumn } from './table-cells';

/**
 * The export workers (issue 21 item 6): list exports build their workbooks (exceljs's rows and
 * styles, the zip) on worker threads, so the event loop only reads the rows from the database
 * (PGlite cannot leave the main thread) and sends the bytes. A sliced writer on the main thread
 * kept /healthz under 100 ms on a quiet machine only: on a busy one (load ≥ 6) a slice's turn
 * stretched to 127–532 ms.
 *
 * - A small pool: at most `size` threads (HALL_EXPORT_WORKERS), started at the first export and
 *   kept; each runs several jobs at once (the export places bound them: 6 per process). A thread
 *   with no job does not keep the process alive.
 * - Rows go in batches of BATCH_ROWS, at most IN_FLIGHT batches not yet taken, and none while the
 *   answer is full: a slow client holds its job, not the process's memory.
 * - A job that fails (exceljs, or the thread itself stopping) destroys the answer with its error:
 *   before the first byte the error handler answers (系统繁忙…); later the download is cut. A
 *   client that goes away cancels the job in the worker and ends the rows' source.
 */

const BATCH_ROWS = 500;
const IN_FLIGHT = 2;

/** The compiled server's worker entry: dist/export-worker.js beside dist/server.js (scripts/build.mjs). */
const BUILT_ENTRY = new URL('./export-worker.js', import.meta.url);
let entry: Promise<URL> | undefined;
const workerEntry = () => {
  entry ??= existsSync(fileURLToPath(BUILT_ENTRY)) ? Promise.resolve(BUILT_ENTRY) : bundledEntry();
  return entry;
};

/**
 * From the sources (tsx, vitest): the worker's entry bundled by esbuild as the build bundles it,
 * once per content, into node_modules/.cache (where it finds exceljs, left outside), written under a
 * temporary name and renamed (test processes build at once).
 */
async function bundledEntry() {
  const esbuild = await import('esbuild');
  const built = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./export-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['exceljs'],
    write: false,
    logLevel: 'warning',
  });
  const code = built.outputFiles[0].contents;
  const dir = path.join(repoRoot, 'node_modules/.cache/hall');
  const file = path.join(dir, `export-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  }
  return pathToFileURL(file);
}

interface Job {
  out: Writable;
  /** Batches posted and not yet taken. */
  inFlight: number;
  failed?: Error;
  /** The writer waiting for a change (a batch taken, room in the answer, a failure). */
  wake?: () => void;
  /** The worker posted the last byte. */
  done?: () => void;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
}

const threads: Thread[] = [];
let lastJob = 0;

const wake = (job: Job) => {
  const resolve = job.wake;
  job.wake = undefined;
  resolve?.();
};

/** Ends a job as failed: its answer is destroyed with the error (the writer, if waiting, stops). */
function fail(job: Job, error: Error) {
  job.failed ??= error;
  job.out.destroy(job.failed);
  wake(job);
  job.done?.();
}

/** A thread with no job does not keep the process alive. */
const refresh = (thread: Thread) => (thread.jobs.size > 0 ? thread.worker.ref() : thread.worker.unref());

function startThread(entryUrl: URL): Thread {
  const worker = new Worker(entryUrl, { name: 'hall-export' });
  const thread: Thread = { worker, jobs: new Map() };
  worker.on('message', (message: FromWorker) => {
    const job = thread.jobs.get(message.job);
    if (!job) return;
    if (message.kind === 'bytes') {
      if (!job.out.destroyed) job.out.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    } else if (message.kind === 'taken') {
      job.inFlight--;
      wake(job);
    } else if (message.kind === 'done') job.done?.();
    else fail(job, new Error(`export failed in its worker: ${message.message}`));
  });
  const stopped = (why: string) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    for (const job of thread.jobs.values()) fail(job, new Error(`the export worker stopped (${why})`));
    thread.jobs.clear();
  };
  worker.on('error', (error) => stopped(error.message));
  worker.on('exit', (code) => stopped(`exit ${code}`));
  threads.push(thread);
  return thread;
}

/** The thread with the fewest jobs; a new one while fewer than `size` run and all are busy. */
function pick(size: number, entryUrl: URL): Thread {
  const least = threads.reduce<Thread | undefined>((a, b) => (a && a.jobs.size <= b.jobs.size ? a : b), undefined);
  if (least && (least.jobs.size === 0 || threads.length >= size)) return least;
  return startThread(entryUrl);
}

/** A value as it crosses to the worker: primitives and dates as they are, any other object as its text (as the writer would show it). */
const portable = (v: unknown) => (typeof v === 'object' && v !== null && !(v instanceof Date) ? String(v) : v);

/**
 * Writes a workbook of one sheet to `out` as rows come, built on an export worker (same bytes as
 * writeTable). Rejects when the job fails or the client goes away (the source is then ended).
 */
export async function writeTableInWorker(
  out: Writable,
  sheetName: string,
  columns: readonly WriteColumn[],
  rows: AsyncIterable<unknown[]> | Iterable<unknown[]>,
  size: number,
) {
  const thread = pick(size, await workerEntry());
  const id = ++lastJob;
  const job: Job = { out, inFlight: 0 };
  const post = (message: ToWorker) => thread.worker.postMessage(message);
  const onChange = () => wake(job);
  out.on('drain', onChange);
  out.on('close', onChange);
  thread.jobs.set(id, job);
  refresh(thread);
  const check = () => {
    if (job.failed) throw job.failed;
    if (out.destroyed) throw new Error('export abandoned by the client');
  };
  let opened = false;
  /** Opens the job in the worker with its first rows (or at its end): it writes no byte before. */
  const open = () => {
    if (!opened) post({ job: id, kind: 'open', sheetName, columns: columns.map((c) => ({ ...c })) });
    opened = true;
  };
  /** Posts a batch once the worker has taken enough of the earlier ones and the answer has room. */
  const send = async (batch: unknown[][]) => {
    for (;;) {
      check();
      if (job.inFlight < IN_FLIGHT && !out.writableNeedDrain) break;
      await new Promise<void>((resolve) => {
        job.wake = resolve;
      });
    }
    open();
    post({ job: id, kind: 'rows', rows: batch });
    job.inFlight++;
  };
  try {
    let batch: unknown[][] = [];
    let first = true;
    // Reading the rows (a page's decoding, the source's mapping) still costs the loop: within the
    // exports' shared budget of a turn (export-turns.ts), like the writer on the loop.
    const turns = exportTurns();
    for await (const r of rows) {
      // Leaving the loop ends the source (its pages stop being read).
      check();
      if (turns.arrived()) await turns.giveWay();
      batch.push(r.map(portable));
      // The first row goes alone: the answer begins as soon as the first page is read.
      if (batch.length >= BATCH_ROWS || first) {
        await send(batch);
        batch = [];
        first = false;
      }
      if (turns.due()) await turns.giveWay();
    }
    if (batch.length > 0) await send(batch);
    check();
    const finished = new Promise<void>((resolve) => {
      job.done = resolve;
    });
    open();
    post({ job: id, kind: 'end' });
    await finished;
    check();
    out.end();
  } catch (error) {
    if (opened && threads.includes(thread)) post({ job: id, kind: 'cancel' });
    throw error;
  } finally {
    out.off('drain', onChange);
    out.off('close', onChange);
    thread.jobs.delete(id);
    if (threads.includes(thread)) refresh(thread);
  }
}

/** Jobs the export threads hold now (a test sees a client's leaving end its job). */
export const exportJobs = () => threads.reduce((n, t) => n + t.jobs.size, 0);

/** The running export threads (a test stops one to see its jobs end in the error path). */
export const exportThreads = () => threads.map((t) => t.worker);
