import type { HallContext } from '../../types';
import { LIMITS, tryHit } from '../limits/limits.service';

/**
 * A notice the hall sends to a phone (registration received, approved, rejected). Its text is the
 * hall's own, never a user's; at most LIMITS.notifyPhone a day reach one phone, beyond that the
 * notice is dropped (the result is also in the hall), so the form cannot be used to flood a phone.
 */
export async function notifyPhone(ctx: HallContext, phone: string, content: string) {
  if (!(await tryHit(ctx, 'phone:notify', LIMITS.notifyPhone, phone))) return;
  await ctx.sender.send({ channel: 'sms', target: phone, content });
}
