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

/**
 * The clock the budget is counted by (milliseconds). A test counts rows against a clock of its
 * own: how many rows a turn holds is then the same on every machine.
 */
export const turnsClock = { now: () => performance.now() };

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

/** A place in the queue: resolves when this writer's share of a later turn begins. */
const queued = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    wakeNext();
  });

/**
 * One writer's share of the turns. Per row: `arrived()` when it comes (and `giveWay()` when it was
 * waited for), `due()` once written and `giveWay()` when due; `waitFor` a drain.
 */
export function exportTurns() {
  /** When this writer's current stretch of writing began. */
  let since = turnsClock.now();
  /** When it last finished a row. */
  let last = since;
  return {
    /**
     * A row came; true when it was waited for (the database's next page): the wait was outside
     * the budget, and the writer writes on from the queue, not from the callback that woke it
     * (all writing then happens in the queue's turn: one budget per turn of the loop).
     */
    arrived() {
      const now = turnsClock.now();
      if (now - last < WAITED_MS) return false;
      spent += last - since;
      since = now;
      return true;
    },
    /** A row is written: whether the turn's budget is spent (this writer's writing counted with the others'). */
    due() {
      last = turnsClock.now();
      return spent + (last - since) >= TURN_BUDGET_MS;
    },
    /** Counts this writer's writing, then waits for its next share of a later turn. */
    async giveWay() {
      spent += turnsClock.now() - since;
      await queued();
      since = last = turnsClock.now();
    },
    /** Counts this writer's writing, waits for `other` (outside the budget), then for its share of a turn. */
    async waitFor(other: Promise<unknown>) {
      spent += turnsClock.now() - since;
      await other;
      await queued();
      since = last = turnsClock.now();
    },
  };
}

/** Turns given through the queue so far: a test compares them with the rows written. */
export const exportTurnsGiven = () => turnsGiven;
