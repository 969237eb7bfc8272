/** The application's notion of "now", injectable so tests can move time (idle limits, expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock the tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current = new Date('2026-11-22T09:00:00+08:00')) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The system clock plus an offset that only grows: the e2e server's clock (HALL_TEST_CLOCK=1),
 * moved forward by `ops clock-advance` instead of a test waiting out a limit in real time.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    if (!Number.isFinite(ms) || ms <= 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
  }
  get offset() {
    return this.offsetMs;
  }
}
