import { cityUnion, isIdNumber, messageSendFields, type MessageSendFields } from '@hall/shared';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { unitByUact } from '../accounts/accounts.service';
import { deliverMail } from '../mail/mail.service';
import { parseInput } from './input';
import * as repo from './message.repository';

/**
 * The operator writes to a unit (by its account) or a person (by ID number): an in-site message
 * (站内信) from the city union, in the recipient's inbox at once.
 */
export async function sendMessage(ctx: HallContext, operator: string, input: MessageSendFields) {
  const fields = parseInput(messageSendFields, input);
  const now = ctx.clock.now();
  const to = fields.to;
  let recipient: { kind: 'unit' | 'personal'; key: string; name: string };
  const unit = await unitByUact(ctx, to);
  if (unit) recipient = { kind: 'unit', key: unit.uact, name: unit.empName };
  else if (isIdNumber(to)) {
    const person = await repo.personByCertNo(ctx.db, to.toUpperCase());
    if (!person) throw refuse(`没有身份证号码为 ${to} 的人员`);
    recipient = { kind: 'personal', key: person.certNo, name: person.name };
  } else throw refuse(`收件人不存在：${to}（请填写单位账号或个人身份证号码）`);
  const sender = cityUnion(ctx.config.cityName);
  await ctx.db.transaction(async (db) => {
    await deliverMail(db, { kind: recipient.kind, key: recipient.key }, { title: fields.title, content: fields.content, sender }, now);
    await audit(db, now, {
      actorKind: 'operator',
      actorKey: operator,
      action: 'operator',
      detail: { command: 'message-send', to: recipient.key, kind: recipient.kind, title: fields.title },
    });
  });
  return { ...recipient, title: fields.title };
}
