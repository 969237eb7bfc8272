import { cityUnion, isIdNumber, type messageSendFields, type unionMessageFields } from '@hall/shared';
import type { z } from 'zod';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { unitByUact } from '../accounts/accounts.service';
import { deliverMail, deliverUnionMail, unionsWithReach } from '../mail/mail.service';
import * as repo from './message.repository';

/**
 * The operator writes to a unit (by its account) or a person (by ID number): an in-site message
 * (站内信) from the city union, in the recipient's inbox at once.
 */
export async function sendMessage(ctx: HallContext, operator: string, fields: z.output<typeof messageSendFields>) {
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
    await auditOperator(db, now, operator, { command: 'message-send', to: recipient.key, kind: recipient.kind, title: fields.title });
  });
  return { ...recipient, title: fields.title };
}

/**
 * The operator writes to a level-1 union and all its units at once (the union's account names
 * it): fanned out by the database in one statement, audited once with the count.
 */
export async function sendUnionMessage(ctx: HallContext, operator: string, fields: z.output<typeof unionMessageFields>) {
  const union = await unitByUact(ctx, fields.union);
  if (!union) throw refuse(`工会不存在：${fields.union}`);
  if (union.level !== 1) throw refuse(`${union.empName}（${union.uact}）不是一级工会：请填写工会的单位账号，或按单个单位发送`);
  const now = ctx.clock.now();
  const sender = cityUnion(ctx.config.cityName);
  const count = await ctx.db.transaction(async (db) => {
    const sent = await deliverUnionMail(db, union.id, { title: fields.title, content: fields.content, sender }, now);
    await auditOperator(db, now, operator, { command: 'message-send-union', union: union.uact, title: fields.title, count: sent });
    return sent;
  });
  return { uact: union.uact, name: union.empName, title: fields.title, count };
}

/** The unions the message form offers for a keyword (the whole account or a part of the name). */
export async function findUnions(ctx: HallContext, keyword: string) {
  return { list: await unionsWithReach(ctx.db, keyword.trim(), 20) };
}
