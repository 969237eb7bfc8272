import type { FastifyReply } from 'fastify';
import {
  PSN_TYPE_LABELS,
  STAFF_MESSAGES,
  chinaDay,
  checkJoinedOn,
  checkLeftOn,
  maskCard,
  maskCertNo,
  parseIdCard,
  type PsnType,
  type StaffFilter,
  type StaffRow,
  type staffAddRequest,
  type staffLeaveRequest,
  type staffPageRequest,
  type staffUpdateRequest,
} from '@hall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import { type ExportColumn, sendTable } from '../../lib/table-export';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Caller, HallContext } from '../../types';
import * as repo from './staff.repository';

/** Pages read by offset from the nearer end of the list; beyond, only by keyset (afterId/beforeId). */
export const STAFF_PAGE_REACH = 500;
export const PAGE_REACH_MESSAGE = `最多查看前后各${STAFF_PAGE_REACH}页，请缩小查询范围或逐页翻阅`;

const GENDER_LABELS: Record<string, string> = { '1': '男', '2': '女' };

const actor = (caller: Caller) => ({ actorKind: 'unit' as const, actorKey: caller.loginName });

/** What the unit sees of one of its staff: ID number and bank card masked; the phone masked in lists. */
/** Reads an ID number's birth date and gender without the age check (any date of birth on record is past). */
const FAR_FUTURE = new Date('2999-12-31T00:00:00');

export function toRow(r: repo.StaffRecord, opts: { fullPhone?: boolean } = {}): StaffRow {
  const parsed = parseIdCard(r.certNo, FAR_FUTURE);
  const gender = parsed?.gender ?? r.gender ?? '';
  return {
    id: String(r.id),
    name: r.name,
    certNo: maskCertNo(r.certNo),
    gender,
    genderLabel: GENDER_LABELS[gender] ?? '',
    birthDate: parsed?.birthDate ?? r.birthDate ?? '',
    psnType: r.psnType,
    psnTypeLabel: PSN_TYPE_LABELS[r.psnType as PsnType] ?? '',
    phone: opts.fullPhone ? (r.phone ?? '') : maskPhone(r.phone),
    bankName: r.bankName ?? '',
    bankCard: maskCard(r.bankCard),
    joinedOn: r.joinedOn,
    leftOn: r.leftOn,
    leaveReason: r.leaveReason,
    state: r.leftOn ? 'left' : 'current',
  };
}

/**
 * A page of the unit's staff, newest first. The first and the last page cost the same: a page in
 * the list's second half is read from the other end; the keyset ids step to any neighbour. The
 * count stops at the cap (lib/capped-count): a capped list has no known end, so it is read from
 * the newest only.
 */
export async function staffPage(ctx: HallContext, caller: Caller<'unit'>, input: z.output<typeof staffPageRequest>) {
  const unitId = caller.unit.id;
  const { pageSize } = input;
  const plain = repo.unfiltered(input);
  const total = plain ? await repo.countRoster(ctx.db, unitId) : await repo.countStaff(ctx.db, unitId, input);
  const { totlCnt } = total;
  const pages = Math.max(1, Math.ceil(totlCnt / pageSize));
  const pageNum = Math.min(input.pageNum, pages);
  const keyset = input.afterId !== undefined || input.beforeId !== undefined;
  const fromEnd = !total.totlCntCapped && pageNum - 1 > pages - pageNum;
  const fromEndReach = total.totlCntCapped ? pageNum : pages - pageNum + 1;
  if (!keyset && Math.min(pageNum, fromEndReach) > STAFF_PAGE_REACH) throw refuse(PAGE_REACH_MESSAGE);
  // From the newest: rows [(p-1)·size, min(p·size, total)); from the oldest, the same rows counted upwards.
  const end = Math.min(pageNum * pageSize, totlCnt);
  if (plain && !keyset && !fromEnd) {
    const rows = await repo.rosterPageRows(ctx.db, unitId, (pageNum - 1) * pageSize, pageSize);
    return { ...total, pageNum, pageSize, list: rows.map((r) => toRow(r)) };
  }
  const ids = await repo.pageIds(ctx.db, unitId, input, {
    after: input.afterId,
    before: input.beforeId,
    fromEnd,
    offset: fromEnd ? totlCnt - end : (pageNum - 1) * pageSize,
    limit: fromEnd && !keyset ? Math.max(0, end - (pageNum - 1) * pageSize) : pageSize,
  });
  const rows = await repo.rowsByIds(ctx.db, unitId, ids);
  return { ...total, pageNum, pageSize, list: rows.map((r) => toRow(r)) };
}

async function ownRow(db: Db, caller: Caller<'unit'>, id: number, lock = false) {
  const row = await repo.rowById(db, caller.unit.id, id, lock);
  if (!row) throw refuse(STAFF_MESSAGES.notFound);
  return row;
}

/** An id that is not the unit's (another unit's, or none): audited (probing), then refused. */
async function refuseForeign(ctx: HallContext, caller: Caller<'unit'>, id: number, call: string, ip?: string) {
  if (await repo.rowById(ctx.db, caller.unit.id, id)) return;
  await auditRefusal(ctx.db, ctx.clock.now(), caller, { call, id }, ip);
  throw refuse(STAFF_MESSAGES.notFound);
}

/** One of the unit's staff, for the edit form (the phone as the unit entered it). */
export async function staffById(ctx: HallContext, caller: Caller<'unit'>, id: number, ip?: string) {
  await refuseForeign(ctx, caller, id, 'staffById', ip);
  return toRow(await ownRow(ctx.db, caller, id), { fullPhone: true });
}

/**
 * Whether the person may join: insured (the registry's row decides when there is one, else what
 * the hall holds), and the name the registry (or the hall) knows. Answers the message, or null.
 */
export function admission(
  typedName: string,
  person: { name: string; insured: boolean } | undefined,
  registry: { name: string; active: boolean } | undefined,
): string | null {
  const insured = registry ? registry.active : (person?.insured ?? false);
  if (!insured) return STAFF_MESSAGES.notInsured;
  const known = person?.name ?? registry?.name;
  if (known !== typedName) return STAFF_MESSAGES.nameMismatch;
  return null;
}

/**
 * 新增: the person is found (or made, from the registry) in `persons`; nobody uninsured, nobody
 * open at another unit (the partial unique index holds it under races), a name as registered.
 * Someone who left this unit re-joins on the same row. persons.phone is never written: the phone
 * is the unit's (staff.phone).
 */
export async function addStaff(ctx: HallContext, caller: Caller<'unit'>, input: z.output<typeof staffAddRequest>, ip?: string) {
  const unit = caller.unit;
  const now = ctx.clock.now();
  const parsed = parseIdCard(input.certNo)!;
  const dated = checkJoinedOn(input.joinedOn, parsed.birthDate, chinaDay(now));
  if (dated) throw refuse(dated);
  let id: number;
  try {
    id = await ctx.db.transaction(async (db) => {
      const person = await repo.personByCertNo(db, input.certNo);
      const registry = await repo.registryPerson(db, input.certNo);
      const problem = admission(input.name, person, registry);
      if (problem) throw refuse(problem);
      const bank = input.bankCard ? { bankName: input.bankName ?? null, bankCard: input.bankCard } : null;
      const personId =
        person?.id ??
        (await repo.insertPerson(
          db,
          { certNo: input.certNo, name: input.name, gender: parsed.gender, birthDate: parsed.birthDate, insured: true, ...bank },
          now,
        ));
      const rows = await repo.employmentsOf(db, personId);
      const open = rows.find((r) => r.leftOn === null);
      if (open?.unitId === unit.id) throw refuse(STAFF_MESSAGES.alreadyHere);
      if (open) throw refuse(STAFF_MESSAGES.openElsewhere);
      const details = { psnType: input.psnType, phone: input.phone ?? null, joinedOn: input.joinedOn };
      const mine = rows.find((r) => r.unitId === unit.id);
      let staffId: number;
      if (mine) {
        await repo.reopenStaff(db, mine.id, details, now);
        staffId = mine.id;
      } else staffId = await repo.insertStaff(db, { unitId: unit.id, personId, ...details }, now);
      if (person && bank) {
        await repo.setPersonBank(db, personId, bank);
        await audit(db, now, {
          ...actor(caller),
          action: 'staff-change',
          ip,
          detail: { staffId, field: 'bankCard', to: maskCard(bank.bankCard) },
        });
      }
      await audit(db, now, { ...actor(caller), action: 'staff-change', ip, detail: { staffId, change: mine ? 'rejoin' : 'add' } });
      return staffId;
    });
  } catch (error) {
    // Two adds at once meet at the unique indexes: the second gets the sequential refusal.
    if (!isUniqueViolation(error)) throw error;
    const person = await repo.personByCertNo(ctx.db, input.certNo);
    const open = person ? (await repo.employmentsOf(ctx.db, person.id)).find((r) => r.leftOn === null) : undefined;
    throw refuse(open && open.unitId !== unit.id ? STAFF_MESSAGES.openElsewhere : STAFF_MESSAGES.alreadyHere);
  }
  return toRow((await repo.rowById(ctx.db, unit.id, id))!);
}

/** 编辑: person type, phone, bank, joining date of an open row of the unit; bank card changes are audited. */
export async function updateStaff(ctx: HallContext, caller: Caller<'unit'>, input: z.output<typeof staffUpdateRequest>, ip?: string) {
  const unit = caller.unit;
  const now = ctx.clock.now();
  await refuseForeign(ctx, caller, input.id, 'staffUpdate', ip);
  await ctx.db.transaction(async (db) => {
    const row = await ownRow(db, caller, input.id, true);
    if (row.leftOn) throw refuse(STAFF_MESSAGES.alreadyLeft);
    const dated = checkJoinedOn(input.joinedOn, parseIdCard(row.certNo, FAR_FUTURE)?.birthDate ?? null, chinaDay(now));
    if (dated) throw refuse(dated);
    await repo.updateStaff(db, unit.id, row.id, { psnType: input.psnType, phone: input.phone ?? null, joinedOn: input.joinedOn }, now);
    const bankName = input.bankName ?? null;
    const cardChanged = input.bankCard !== undefined && input.bankCard !== row.bankCard;
    if (cardChanged || (bankName !== null && bankName !== row.bankName)) {
      const bankCard = input.bankCard ?? row.bankCard;
      if (bankCard === null) throw refuse(STAFF_MESSAGES.bankCardMissing);
      await repo.setPersonBank(db, row.personId, { bankName, bankCard });
      await audit(db, now, {
        ...actor(caller),
        action: 'staff-change',
        ip,
        detail: { staffId: row.id, field: 'bank', from: maskCard(row.bankCard), to: maskCard(bankCard), bankName },
      });
    }
  });
  return toRow((await repo.rowById(ctx.db, unit.id, input.id))!, { fullPhone: true });
}

/** 减员 with the date and reason; coverage already paid for is untouched (it runs to the period's end). */
export async function leaveStaff(ctx: HallContext, caller: Caller<'unit'>, input: z.output<typeof staffLeaveRequest>, ip?: string) {
  const unit = caller.unit;
  const now = ctx.clock.now();
  await refuseForeign(ctx, caller, input.id, 'staffLeave', ip);
  await ctx.db.transaction(async (db) => {
    const row = await ownRow(db, caller, input.id, true);
    if (row.leftOn) throw refuse(STAFF_MESSAGES.alreadyLeft);
    const dated = checkLeftOn(input.leftOn, row.joinedOn, chinaDay(now));
    if (dated) throw refuse(dated);
    await repo.leaveStaff(db, unit.id, row.id, input.leftOn, input.leaveReason, now);
    await audit(db, now, {
      ...actor(caller),
      action: 'staff-change',
      ip,
      detail: { staffId: row.id, change: 'leave', leftOn: input.leftOn },
    });
  });
  return toRow((await repo.rowById(ctx.db, unit.id, input.id))!);
}

/** The list's columns as the page names them; its 银行卡 (bank and card) and 状态 (with the day and reason) are split. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '姓名', key: 'name', width: 12, kind: 'text' },
  { header: '身份证号码', key: 'certNo', width: 22, kind: 'text' },
  { header: '性别', key: 'gender', width: 6, kind: 'text' },
  { header: '出生日期', key: 'birthDate', width: 12, kind: 'date' },
  { header: '人员类别', key: 'psnType', width: 12, kind: 'text' },
  { header: '联系电话', key: 'phone', width: 16, kind: 'text' },
  { header: '开户银行', key: 'bankName', width: 22, kind: 'text' },
  { header: '银行卡号', key: 'bankCard', width: 22, kind: 'text' },
  { header: '入职日期', key: 'joinedOn', width: 12, kind: 'date' },
  { header: '状态', key: 'state', width: 8, kind: 'text' },
  { header: '减员日期', key: 'leftOn', width: 12, kind: 'date' },
  { header: '减员原因', key: 'leaveReason', width: 20, kind: 'text' },
];

/**
 * 导出: the filtered list as a workbook, streamed in keyset chunks; ID numbers, phones and cards
 * masked as on the screen (a spreadsheet travels further than the page). Audited.
 */
export async function exportStaff(ctx: HallContext, caller: Caller<'unit'>, filter: StaffFilter, reply: FastifyReply, ip?: string) {
  const unit = caller.unit;
  const now = ctx.clock.now();
  await audit(ctx.db, now, { ...actor(caller), action: 'download', ip, detail: { call: 'staffExport', filter } });
  async function* rows() {
    for await (const r of repo.streamStaff(ctx.db, unit.id, filter)) {
      const row = toRow(r);
      yield [
        row.name,
        row.certNo,
        row.genderLabel,
        row.birthDate,
        row.psnTypeLabel,
        row.phone,
        row.bankName,
        row.bankCard,
        row.joinedOn,
        row.state === 'left' ? '已减员' : '在职',
        row.leftOn,
        row.leaveReason,
      ];
    }
  }
  return sendTable(reply, `互助人员名单_${chinaDay(now)}.xlsx`, '互助人员', EXPORT_COLUMNS, rows());
}
