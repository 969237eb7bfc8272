import { applicationNo, type TodoItem, type TodoKind, yuan, chinaDay } from '@hall/shared';
import type { Db } from '../../db/client';
import type { Caller, HallContext } from '../../types';
import * as repo from './todo.repository';
import { unionInfoRejected } from '../union/union-todo';

/**
 * The to-do list (待办事项): what waits on the caller, derived from state each time it is asked
 * (no table, so it can never disagree with the applications it counts). One small source per
 * kind: `applies` says whom it concerns, `collect` answers its item or null when nothing waits.
 * A new kind (claims, issue 9) is one more source in SOURCES and one more kind in TODO_KINDS.
 */

interface When {
  now: Date;
  /** Today in China, 'YYYY-MM-DD' (period dates are calendar days there). */
  today: string;
  /** What waits on the caller's unit: one statement, read once per list by the unit's sources. */
  unit: () => Promise<repo.UnitWaits>;
}

interface TodoSource<C extends Caller = Caller> {
  kind: TodoKind;
  /** Whom it concerns: the callers `collect` is asked for (a unit's sources get a caller with its unit). */
  applies(caller: Caller): caller is C;
  collect(ctx: HallContext, caller: C, when: When): Promise<TodoItem | null>;
}

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);
const dayOf = (at: Date) => chinaDay(at);

/** An insured unit: the business of enrolment is open to it (the pages are needInsured). */
const insuredUnit = (caller: Caller): caller is Caller<'unit'> => caller.loginType === 'unit' && caller.unit.insured;

const unpaid: TodoSource<Caller<'unit'>> = {
  kind: 'unpaid',
  applies: insuredUnit,
  async collect(_ctx, _caller, when) {
    const w = (await when.unit()).unpaid;
    if (w.count === 0) return null;
    const due =
      w.overdue > 0
        ? `其中${w.overdue}份已超过缴费截止日期，请尽快缴费并联系市总工会确认`
        : `请于 ${w.earliestDeadline} 前按缴费通知单缴费`;
    return {
      kind: 'unpaid',
      title: w.overdue > 0 ? '逾期未缴费的互助申请' : '待缴费的互助申请',
      detail: `${w.count}份互助申请待缴费，合计 ¥${yuan(w.amountFen)}；${due}。`,
      count: w.count,
      route: '/payment',
      urgent: w.overdue > 0,
      at: iso(w.latest),
    };
  },
};

const returned: TodoSource<Caller<'unit'>> = {
  kind: 'returned',
  applies: insuredUnit,
  async collect(ctx, caller, when) {
    const w = (await when.unit()).returned;
    if (w.count === 0) return null;
    const newest = await repo.newestReturned(ctx.db, caller.unit.id, when.today);
    const no = newest ? applicationNo(newest.year, newest.id) : '';
    const why = newest?.reason ? `，原因：${newest.reason}` : '';
    return {
      kind: 'returned',
      title: '被退回的互助申请',
      detail:
        w.count === 1
          ? `互助申请 ${no} 被上级工会退回${why}。请修改后重新提交。`
          : `${w.count}份互助申请被上级工会退回，最近一份 ${no}${why}。请修改后重新提交。`,
      count: w.count,
      route: '/apply-query?state=returned',
      urgent: true,
      at: iso(w.latest),
    };
  },
};

/** A 92 union (level 1) reviews its member enterprises' applications, insured or not itself (docs/decisions.md, "Uninsured users read their own"). */
const review: TodoSource<Caller<'unit'>> = {
  kind: 'review',
  applies: (caller): caller is Caller<'unit'> => caller.loginType === 'unit' && caller.unit.level === 1 && caller.unit.uniType === '92',
  async collect(ctx, caller) {
    const w = await repo.awaitingReview(ctx.db, caller.unit.id);
    if (w.count === 0) return null;
    return {
      kind: 'review',
      title: '待审核的企业互助申请',
      detail: `${w.count}份会员企业的互助申请等待您审核${w.oldest ? `，最早一份提交于 ${dayOf(w.oldest)}` : ''}。审核通过后企业即可缴费。`,
      count: w.count,
      route: '/apply-examine',
      urgent: false,
      at: iso(w.latest),
    };
  },
};

const draft: TodoSource<Caller<'unit'>> = {
  kind: 'draft',
  applies: insuredUnit,
  async collect(_ctx, _caller, when) {
    const w = (await when.unit()).draft;
    if (w.count === 0) return null;
    return {
      kind: 'draft',
      title: '待提交的互助申请',
      detail: `${w.count}份互助申请已保存但尚未提交，请核对人员和份数后提交。`,
      count: w.count,
      route: '/apply-query?state=draft',
      urgent: false,
      at: iso(w.latest),
    };
  },
};

const importSource = (kind: 'applyImport' | 'rosterImport'): TodoSource<Caller<'unit'>> => ({
  kind,
  applies: insuredUnit,
  async collect(_ctx, _caller, when) {
    const w = (await when.unit())[kind];
    if (w.count === 0) return null;
    const apply = kind === 'applyImport';
    return {
      kind,
      title: apply ? '待确认的申请导入' : '待确认的花名册导入',
      detail: `${w.count}批${apply ? '互助申请' : '花名册'}导入已校验、尚未确认；确认前不会写入${apply ? '申请' : '互助人员'}，逾期未确认将失效。`,
      count: w.count,
      // The roster's: the staff page reopens the newest batch's preview with 确认导入 (?batch=).
      route: apply ? '/apply-query' : `/mutual-aid-staff-management?batch=${w.newestId}`,
      urgent: false,
      at: iso(w.latest),
    };
  },
});

const noStaff: TodoSource<Caller<'unit'>> = {
  kind: 'noStaff',
  applies: insuredUnit,
  async collect(_ctx, _caller, when) {
    if ((await when.unit()).hasStaff) return null;
    return {
      kind: 'noStaff',
      title: '维护互助人员',
      detail: '本单位尚未登记互助人员。请先在“互助人员管理”中添加人员或按模板导入花名册，然后办理互助申请。',
      count: 1,
      route: '/mutual-aid-staff-management',
      urgent: false,
      at: null,
    };
  },
};

const notInsured: TodoSource = {
  kind: 'notInsured',
  applies: (caller): caller is Caller => (caller.loginType === 'unit' ? !caller.unit.insured : !caller.person.insured),
  async collect(ctx, caller) {
    const who = caller.loginType === 'unit' ? '您的单位' : '您';
    return {
      kind: 'notInsured',
      title: '办理医保参保登记',
      detail: `${who}尚未办理医保参保登记，暂不能参加职工医疗互助。请到当地医疗保障经办机构办理参保登记；医保局的参保登记数据由${ctx.config.cityName}总工会在收到后导入大厅，导入后重新登录即可办理。如有疑问请咨询${caller.loginType === 'unit' ? '上级工会或' : '所在单位或'}${ctx.config.cityName}总工会。`,
      count: 1,
      route: '/gateRule',
      urgent: true,
      at: null,
    };
  },
};

/** A unit's own claims, or a worker's, returned to them for changes (退回补正). */
const claimReturned: TodoSource = {
  kind: 'claimReturned',
  applies: (caller): caller is Caller => insuredUnit(caller) || (caller.loginType === 'personal' && caller.person.insured),
  async collect(ctx, caller, when) {
    const unit = caller.loginType === 'unit';
    const w = unit
      ? (await when.unit()).claimReturned
      : await repo.waitingClaims(ctx.db, { personId: caller.person.id, filedBy: 'personal' }, 'returned');
    if (w.count === 0) return null;
    return {
      kind: 'claimReturned',
      title: '退回补正的补助申请',
      detail: `${w.count}份补助申请被退回补正，请按退回原因修改或补充材料后重新提交。`,
      count: w.count,
      route: unit ? '/subsidy-application' : '/subsidy-application-personal',
      urgent: true,
      at: iso(w.latest),
    };
  },
};

/** Workers' own claims waiting for their unit's review (单位审核). */
const claimReview: TodoSource<Caller<'unit'>> = {
  kind: 'claimReview',
  applies: insuredUnit,
  async collect(_ctx, _caller, when) {
    const w = (await when.unit()).claimReview;
    if (w.count === 0) return null;
    return {
      kind: 'claimReview',
      title: '待审核的职工补助申请',
      detail: `${w.count}份职工本人提交的补助申请等待单位审核${w.oldest ? `，最早一份提交于 ${dayOf(w.oldest)}` : ''}。`,
      count: w.count,
      route: '/subsidy-application?tab=review',
      urgent: false,
      at: iso(w.latest),
    };
  },
};

/** Member enterprises' claims waiting for the 92 union's review (工会审核). */
const claimUnionReview: TodoSource<Caller<'unit'>> = {
  kind: 'claimUnionReview',
  applies: review.applies,
  async collect(ctx, caller) {
    const w = await repo.waitingClaims(ctx.db, { reviewUnitId: caller.unit.id }, 'union_review');
    if (w.count === 0) return null;
    return {
      kind: 'claimUnionReview',
      title: '待审核的企业补助申请',
      detail: `${w.count}份会员企业职工的补助申请等待您审核${w.oldest ? `，最早一份提交于 ${dayOf(w.oldest)}` : ''}。`,
      count: w.count,
      route: '/apply-examine?tab=claims',
      urgent: false,
      at: iso(w.latest),
    };
  },
};

/** Coverage transfers filed to the unit, waiting for it to receive them (关系转入). */
const transferInto: TodoSource<Caller<'unit'>> = {
  kind: 'transferInto',
  applies: insuredUnit,
  async collect(_ctx, _caller, when) {
    const w = (await when.unit()).transferInto;
    if (w.count === 0) return null;
    return {
      kind: 'transferInto',
      title: '待确认的关系转入',
      detail: `${w.count}份医疗互助关系转入等待本单位确认接收。`,
      count: w.count,
      route: '/transfer/relationship-into-apply-register',
      urgent: false,
      at: iso(w.latest),
    };
  },
};

/** In this order within each urgency (the urgent ones first). */
const SOURCES: readonly TodoSource[] = [
  unpaid,
  returned,
  review,
  claimReturned,
  claimReview,
  claimUnionReview,
  transferInto,
  draft,
  importSource('applyImport'),
  importSource('rosterImport'),
  noStaff,
  notInsured,
  unionInfoRejected,
];

/** What waits on the caller, urgent first, with what waits on its unit (a unit's caller) as read for it. */
export async function todoOf(ctx: HallContext, caller: Caller): Promise<{ list: TodoItem[]; unit: repo.UnitWaits | undefined }> {
  const now = ctx.clock.now();
  const today = chinaDay(now);
  let waits: Promise<repo.UnitWaits> | undefined;
  const unit = () => {
    if (caller.loginType !== 'unit') throw new Error('what waits on a unit is asked for a unit');
    waits ??= repo.unitWaits(ctx.db, caller.unit.id, today, now);
    return waits;
  };
  const when: When = { now, today, unit };
  const items: TodoItem[] = [];
  for (const source of SOURCES) {
    if (!source.applies(caller)) continue;
    const item = await source.collect(ctx, caller, when);
    if (item) items.push(item);
  }
  return { list: [...items.filter((i) => i.urgent), ...items.filter((i) => !i.urgent)], unit: waits && (await waits) };
}

/** What waits on the caller, urgent first. */
export async function todoList(ctx: HallContext, caller: Caller): Promise<{ list: TodoItem[] }> {
  const { list } = await todoOf(ctx, caller);
  return { list };
}

/** What waits on a unit (home shows its unpaid applications with the same figures as the list). */
export const unitWaits = (db: Db, unitId: number, now: Date) => repo.unitWaits(db, unitId, chinaDay(now), now);
