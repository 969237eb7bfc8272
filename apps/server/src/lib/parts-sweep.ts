import type { FastifyBaseLogger } from 'fastify';
import type { HallContext } from '../types';
import type { PartsSwept } from './storage';

/*
 * The sweep of what killed or abandoned uploads leave (docs/operations.md, "Files"): the directory
 * store's .part files, the database store's staged parts. A part is swept once its upload's last
 * write is older than HALL_UPLOAD_PARTS_HOURS by the hall's clock, so an upload still arriving
 * (a request lasts minutes at most) keeps its parts, and a stored file is never a part.
 */

/** How often a node sweeps: hourly, a part outlives its age by an hour at most. */
export const SWEEP_EVERY_MS = 3_600_000;

export interface SweepRun extends PartsSwept {
  /** Parts last written before this were removed. */
  before: Date;
}

/** Sweeps parts last written more than `maxAgeMs` (the setting unless given) before the clock's now. */
export async function sweepUploadParts(
  ctx: Pick<HallContext, 'files' | 'clock' | 'config'>,
  maxAgeMs = ctx.config.uploadPartsMaxAgeMs,
  opts: { shards?: boolean } = {},
): Promise<SweepRun> {
  const before = new Date(ctx.clock.now().getTime() - maxAgeMs);
  return { before, ...(await ctx.files.sweepParts(before, opts)) };
}

/** setInterval's shape, so a test runs the timer's turns itself instead of waiting an hour. */
export type Every = (run: () => void, ms: number) => { unref(): unknown };

/**
 * A node sweeps once at its start and then hourly (every node of a database store: a part deleted by
 * one is simply not found by the other). A failed sweep is logged and tried again at the next turn.
 * Returns its stop, and its first run (tests await it).
 */
export function startPartsSweep(ctx: Pick<HallContext, 'files' | 'clock' | 'config'>, log: FastifyBaseLogger, every: Every = setInterval) {
  let running: Promise<void> = Promise.resolve();
  const turn = () => {
    running = running.then(async () => {
      try {
        const swept = await sweepUploadParts(ctx);
        if (swept.uploads) log.info({ uploads: swept.uploads, bytes: swept.bytes }, 'swept the parts of unfinished uploads');
      } catch (error) {
        log.warn({ err: error }, 'sweep of unfinished uploads failed');
      }
    });
    return running;
  };
  const first = turn();
  const timer = every(() => void turn(), SWEEP_EVERY_MS);
  timer.unref();
  return {
    first,
    /** No further turn; waits for one under way (the database closes after). */
    async stop() {
      clearInterval(timer as Parameters<typeof clearInterval>[0]);
      await running;
    },
  };
}
