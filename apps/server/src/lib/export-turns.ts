import { performance } from 'node:perf_hooks';

/**
 * One budget of writing per turn of the event loop, shared by every export running in this
 * process (issue 21 item 6). An export that gave each of its slices its own setImmediate held
 * the loop for one slice per running export in the same turn (6 exports × 8 ms, and /healthz
 * waited 300–400 ms); here the writers take turns from one queue, round robin, and all of them
 * together write at most TURN_BUDGET_MS before the loop serves its other callers again.
 *
 * A writer gives way (`giveWay`) when the budget of the turn is spent; it is woken in a later
 * turn, in its place in the queue. A writer that waited for something else (its rows' next page,
 * a drained answer) did so outside the budget: it writes on while the turn's budget lasts.
 */

/** What all running exports together write before the loop takes a turn. */
export const TURN_BUDGET_MS = 5;

/** Writing done since the loop's last turn through the queue (ms). */
let spent = 0;
/** Writers waiting for their next share, in order. */
const waiting: (() => void)[] = [];
let turnAsked = false;
/** Turns given through the queue since the process started (tests read it). */
let turnsGiven = 0;

/** A new turn of the loop: the budget starts again, and the writer first in the queue writes. */
function turn() {
  turnAsked = false;
  turnsGiven++;
  spent = 0;
  wakeNext();
}

/** Wakes the next waiting writer while the budget lasts; otherwise asks for the loop's next turn. */
function wakeNext() {
  if (spent < TURN_BUDGET_MS) waiting.shift()?.();
  if (waiting.length > 0 && !turnAsked) {
    turnAsked = true;
    setImmediate(turn);
  }
}

/** A wait for the next row this long or longer was a wait (the database's page), not writing. */
const WAITED_MS = 1;

/**
 * One writer's share of the turns. Per row: `arrived()` when it comes, `due()` once written, and
 * `giveWay()` when due; `waitFor` a drain.
 */
export function exportTurns() {
  /** When this writer's current stretch of writing began. */
  let since = performance.now();
  /** When it last finished a row. */
  let last = since;
  return {
    /** A row came: if it was waited for, the wait was the loop's (outside the budget). */
    arrived() {
      const now = performance.now();
      if (now - last < WAITED_MS) return;
      spent += last - since;
      since = now;
    },
    /** A row is written: whether the turn's budget is spent (this writer's writing counted with the others'). */
    due() {
      last = performance.now();
      return spent + (last - since) >= TURN_BUDGET_MS;
    },
    /** Counts this writer's writing, then waits for its next share of a later turn. */
    async giveWay() {
      spent += performance.now() - since;
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        wakeNext();
      });
      since = last = performance.now();
    },
    /** Counts this writer's writing, waits for `other` (outside the budget), then writes on. */
    async waitFor(other: Promise<unknown>) {
      spent += performance.now() - since;
      await other;
      since = last = performance.now();
    },
  };
}

/** Turns given through the queue so far: a test compares them with the rows written. */
export const exportTurnsGiven = () => turnsGiven;
