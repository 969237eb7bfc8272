import { describe, expect, it } from 'vitest';
import { OffsetClock, systemClock } from '../../lib/clock';
import type { HallContext } from '../../types';
import { runCommand } from '../ops-socket';

const ctx = (clock: HallContext['clock']) => ({ clock }) as HallContext;
const advance = (c: HallContext, seconds: string) => runCommand(c, { command: 'clock-advance', flags: { seconds }, operator: '' });

describe('ops clock-advance (HALL_TEST_CLOCK)', () => {
  it('moves a test clock forward', async () => {
    const clock = new OffsetClock();
    const before = clock.now().getTime();
    const answer = await advance(ctx(clock), '61');
    expect(answer).toMatchObject({ ok: true });
    expect(clock.offset).toBe(61_000);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(61_000);
  });

  it('is refused by a server with the real clock (production never has another)', async () => {
    expect(await advance(ctx(systemClock), '61')).toEqual({ ok: false, usage: true, message: expect.stringContaining('测试时钟未启用') });
  });

  it('refuses a bad number of seconds', async () => {
    const clock = new OffsetClock();
    for (const seconds of ['0', '-5', '1.5', 'abc', '604801']) {
      expect(await advance(ctx(clock), seconds), seconds).toMatchObject({ ok: false, usage: true });
    }
    expect(clock.offset).toBe(0);
  });
});
