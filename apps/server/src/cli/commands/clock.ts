import { OffsetClock } from '../../lib/clock';
import { beijing, text, UsageError, type Command } from './flags';

/**
 * Test-only: moves the running server's clock forward (a verification-code interval, a lock, an
 * idle limit) so the end-to-end tests do not wait in real time. Only a server started with
 * HALL_TEST_CLOCK=1, which production refuses, has such a clock; any other refuses the command.
 */
export const clockCommands: Record<string, Command> = {
  'clock-advance': {
    audited: false,
    summary: '拨快服务器时钟（仅限以 HALL_TEST_CLOCK=1 启动的测试服务器）',
    usage: '--seconds <秒数，1-604800>',
    async run(ctx, flags) {
      if (!(ctx.clock instanceof OffsetClock)) throw new UsageError('测试时钟未启用：仅以 HALL_TEST_CLOCK=1 启动的非生产服务器可拨动时钟');
      const raw = text(flags, 'seconds', '秒数');
      const seconds = Number(raw);
      if (!/^\d+$/.test(raw) || seconds < 1 || seconds > 604_800) throw new UsageError('--seconds 须为 1-604800 的整数');
      ctx.clock.advance(seconds * 1000);
      return `服务器时钟已拨快 ${seconds} 秒（累计 ${ctx.clock.offset / 1000} 秒），现在为 ${beijing(ctx.clock.now())}（北京时间）`;
    },
  },
};
