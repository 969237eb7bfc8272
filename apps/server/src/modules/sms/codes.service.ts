import { CHINA_OFFSET_MS } from '@hall/shared';
import { createHmac, randomInt } from 'node:crypto';
import {
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_MAX_FAILURES,
  VERIFY_CODE_TTL_MS,
  VERIFY_DAILY_LIMIT,
  VERIFY_SEND_INTERVAL_MS,
} from '@hall/shared';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskEmail, maskPhone } from '../../lib/mask';
import type { HallContext } from '../../types';
import * as repo from './codes.repository';

export type { CodeKey } from './codes.repository';

const DAY_MS = 86_400_000;
/** Audit rows name a phone or address masked: the log is no second register of contacts. */
const maskTarget = (key: repo.CodeKey) => (key.channel === 'sms' ? maskPhone(key.target) : maskEmail(key.target));
/** The hall's "today" is the calendar day in China (UTC+8), whatever the server's zone. */
const chinaDayStart = (now: Date) => new Date(Math.floor((now.getTime() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);

/** Keyed with the server secret: a copy of the table alone does not give the codes away. */
const codeHash = (ctx: HallContext, key: repo.CodeKey, code: string) =>
  createHmac('sha256', ctx.config.tokenSecret).update(`${key.channel}:${key.target}:${key.purpose}:${code}`).digest('hex');

/**
 * Sends a new 6-digit code (single use, 5 minutes) for a target and purpose, within the limits:
 * one a minute and ten a calendar day per phone or address. `message` words the text around it.
 */
export async function issueCode(ctx: HallContext, key: repo.CodeKey, message: (code: string) => { subject?: string; content: string }) {
  const now = ctx.clock.now();
  const code = String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
  await ctx.db.transaction(async (db) => {
    await repo.lockTarget(db, key.target);
    const recent = await repo.sentSince(db, key, new Date(now.getTime() - VERIFY_SEND_INTERVAL_MS));
    if (recent.count > 0 && recent.last) {
      const wait = Math.max(1, Math.ceil((recent.last.getTime() + VERIFY_SEND_INTERVAL_MS - now.getTime()) / 1000));
      throw refuse(`发送过于频繁，请${wait}秒后再试`);
    }
    const today = await repo.sentSince(db, key, new Date(chinaDayStart(now).getTime() - 1));
    if (today.count >= VERIFY_DAILY_LIMIT) throw refuse('今日发送次数已达上限，请明日再试');
    await repo.insertCode(
      db,
      { ...key, codeHash: codeHash(ctx, key, code), createdAt: now, expiresAt: new Date(now.getTime() + VERIFY_CODE_TTL_MS) },
      new Date(now.getTime() - 2 * DAY_MS),
    );
  });
  await ctx.sender.send({ channel: key.channel, target: key.target, ...message(code) });
}

/**
 * Checks a code and uses it up. Refuses an unknown, expired, used or dead code; a wrong code
 * counts, and the fifth wrong try kills it (a new one must be sent).
 */
export async function consumeCode(ctx: HallContext, key: repo.CodeKey, code: string) {
  const now = ctx.clock.now();
  const row = await repo.latestCode(ctx.db, key);
  if (!row) throw refuse('请先获取验证码');
  if (row.usedAt) throw refuse('验证码已使用，请重新获取');
  if (row.failures >= VERIFY_CODE_MAX_FAILURES) throw refuse('验证码错误次数过多，请重新获取');
  if (row.expiresAt <= now) throw refuse('验证码已过期，请重新获取');
  if (row.codeHash !== codeHash(ctx, key, code)) {
    const failures = await repo.countFailure(ctx.db, row.id);
    await audit(ctx.db, now, {
      actorKind: 'anonymous',
      actorKey: maskTarget(key),
      action: 'code-wrong',
      detail: { purpose: key.purpose, failures },
    });
    const left = VERIFY_CODE_MAX_FAILURES - failures;
    throw refuse(left > 0 ? `验证码错误，还可输入${left}次` : '验证码错误次数过多，请重新获取');
  }
  if (!(await repo.markUsed(ctx.db, row.id, now, VERIFY_CODE_MAX_FAILURES))) throw refuse('验证码已使用，请重新获取');
}
