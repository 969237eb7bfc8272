import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { WriteColumn } from './table-cells';
import { openSheet, type SheetWriter } from './xlsx-sheet';

/**
 * The export worker's thread (export-pool.ts starts it; dist/export-worker.js in the compiled
 * server): it builds the workbooks (exceljs's rows, styles and zip) the main thread feeds it rows
 * for, several jobs at once, and posts each job's bytes back as they come. The main thread keeps
 * reading the database (PGlite lives there) and sending the answers.
 */

/** What the main thread sends: a job opens, takes rows in batches, ends, or is cancelled. */
export type ToWorker =
  | { job: number; kind: 'open'; sheetName: string; columns: WriteColumn[] }
  | { job: number; kind: 'rows'; rows: unknown[][] }
  | { job: number; kind: 'end' }
  | { job: number; kind: 'cancel' };

/** What the worker answers: bytes of the file, a batch of rows taken, the file done, or the job failed. */
export type FromWorker =
  | { job: number; kind: 'bytes'; bytes: Uint8Array }
  | { job: number; kind: 'taken' }
  | { job: number; kind: 'done' }
  | { job: number; kind: 'failed'; message: string };

const port = parentPort;
if (!port) throw new Error('export-worker runs as a worker thread (export-pool.ts)');

/**
 * This thread runs below the event loop's priority (nice 10): on a busy machine the loop (and
 * /healthz, and every other caller) gets the CPU before the workbooks do. Linux names the thread
 * in /proc/thread-self; elsewhere the thread keeps the process's priority.
 */
export const WORKER_NICE = 10;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), WORKER_NICE);
} catch {
  // not Linux, or not allowed: the process's priority
}
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

interface Job {
  /** The job's steps in order (opening loads exceljs; the rows wait for it). */
  steps: Promise<unknown>;
  sheet?: SheetWriter;
  cancelled: boolean;
}
const jobs = new Map<number, Job>();

/** Runs a step of a job after its earlier ones; a step that throws ends the job as failed. */
function step(id: number, job: Job, work: () => unknown) {
  job.steps = job.steps
    .then(() => (job.cancelled ? undefined : work()))
    .catch((error: unknown) => {
      if (job.cancelled) return;
      job.cancelled = true;
      jobs.delete(id);
      post({ job: id, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    });
}

port.on('message', (message: ToWorker) => {
  const id = message.job;
  if (message.kind === 'open') {
    const job: Job = { steps: Promise.resolve(), cancelled: false };
    jobs.set(id, job);
    // The zip's chunks of one turn of this thread go to the main thread as one message (a copy:
    // exceljs may reuse its buffers): a message costs the event loop a task, a chunk is a few KB.
    let pending: Buffer[] = [];
    const flush = () => {
      if (pending.length === 0 || job.cancelled) return;
      const bytes = new Uint8Array(pending.reduce((n, chunk) => n + chunk.length, 0));
      let at = 0;
      for (const chunk of pending) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      pending = [];
      post({ job: id, kind: 'bytes', bytes }, [bytes.buffer]);
    };
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (pending.length === 0) setImmediate(flush);
        pending.push(chunk);
        done();
      },
      final(done) {
        flush();
        done();
      },
    });
    step(id, job, async () => {
      job.sheet = await openSheet(out, message.sheetName, message.columns);
    });
    return;
  }
  const job = jobs.get(id);
  if (!job) return; // failed or cancelled meanwhile
  if (message.kind === 'rows') {
    step(id, job, () => {
      for (const row of message.rows) job.sheet?.add(row);
      post({ job: id, kind: 'taken' });
    });
  } else if (message.kind === 'end') {
    step(id, job, async () => {
      await job.sheet?.commit();
      jobs.delete(id);
      post({ job: id, kind: 'done' });
    });
  } else {
    // The client went away: the job's rows stop here, its workbook is dropped.
    job.cancelled = true;
    jobs.delete(id);
  }
});
