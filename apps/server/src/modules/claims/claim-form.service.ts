import {
  ATTACHMENT_KIND_LABELS,
  CLAIM_EDITABLE_STATES,
  CLAIM_MISSING,
  CLAIM_TYPES,
  type CallParsed,
  type ClaimState,
  type ClaimType,
  chinaDay,
  type claimContracts,
  claimNo,
} from '@hall/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import { type ClaimStayFields, dateProblems, evaluate, MESSAGES, missingFields } from './claim-rules';
import { detailOf, scopedOrRefuse } from './claim-query.service';
import { filingsForStay } from '../transfer/filing.service';
import * as repo from './claims.repository';
import { type ClaimActor, afterUnit, transition } from './transition.service';
import { readTogether } from '../../lib/read-together';

/*
 * Filing a claim (补助申请): the unit for a covered member of its roster, or the worker for
 * themself. A draft is saved with its person, period, cover and reviewing union fixed; the
 * submission checks every rule (claim-rules.ts) and the required attachments, computes the amount
 * and moves it on: a worker's claim to the unit's review, a unit's to the 92 union or the city union.
 */

type Calls = typeof claimContracts;
type Form = CallParsed<Calls['claimSavePersonal']> & { staffId?: number };

/** The filer's side of a call: the scope it may change, and how it is named in the history. */
/** Who files: a unit (for its staff) or a worker (for themself), with the claims it filed (may edit while editable). */
export type Filer = { scope: SQL; actor: ClaimActor } & (
  | { kind: 'unit'; caller: Caller<'unit'> }
  | { kind: 'personal'; caller: Caller<'personal'> }
);

export function filerOf(caller: Caller): Filer {
  if (caller.loginType === 'unit') {
    const unit = caller.unit;
    return { kind: 'unit', caller, scope: repo.unitFiles(unit.id), actor: { kind: 'unit', name: unit.empName, key: unit.uact } };
  }
  const person = caller.person;
  return {
    kind: 'personal',
    caller,
    scope: repo.personFiles(person.id),
    actor: { kind: 'personal', name: person.name, key: person.certNo },
  };
}

const NOT_EDITABLE = '只有草稿或退回补正的申请可以修改';

interface Subject {
  personId: number;
  gender: string | null;
  bankName: string | null;
  bankCard: string | null;
  /** The unit's roster row's person type (the unit's filing); null: read from the covering unit. */
  psnType: string | null;
}

/** The person a form is about: the unit's current staff member it names, or the worker. */
async function subjectOf(db: Db, filer: Filer, staffId: number | undefined): Promise<Subject> {
  if (filer.kind === 'unit') {
    const member = staffId ? await repo.currentStaff(db, filer.caller.unit.id, staffId) : undefined;
    if (!member) throw refuse('所选人员不是本单位在册职工（可能已减员），请重新选择');
    return member;
  }
  const me = await repo.personWithStaff(db, filer.caller.person.id);
  return { ...me, psnType: null };
}

/** The facts the rules read, or the one problem that comes before them (no period, product or cover). */
async function factsOf(
  db: Db,
  filer: Filer,
  subject: Subject,
  type: ClaimType,
  form: ClaimStayFields,
  today: string,
  exceptId: number | null,
) {
  const info = CLAIM_TYPES[type];
  const day = info.stay ? form.dischargedOn : today;
  if (!day) return { blocking: missingFields(type, form)[0] ?? '请填写出院日期' } as const;
  const period = await repo.periodOfDay(db, day);
  if (!period) return { blocking: info.stay ? `出院日期 ${day} 不在任何互助期内` : '今天不在任何互助期内，暂不能申请' } as const;
  const product = period.products.find((p) => p.code === info.productCode);
  if (!product) return { blocking: `${period.year}年度没有${info.label}所需的互助项目（${info.productCode}）` } as const;
  const cover = await repo.coverageOf(db, subject.personId, period.id, product.code);
  if (!cover) {
    const who = filer.kind === 'unit' ? '该职工' : '您';
    return { blocking: `${who}${period.year}年度未参加“${product.name}”，不能申请${info.label}` } as const;
  }
  if (filer.kind === 'unit' && cover.unitId !== filer.caller.unit.id)
    return { blocking: `该职工${period.year}年度的“${product.name}”由${cover.unitName}参加，请由该单位申请` } as const;
  const stay = info.stay && form.admittedOn && form.dischargedOn && form.admittedOn <= form.dischargedOn;
  const [psnType, earlier, settlements, overlapping, filings] = await readTogether(db, [
    async () => subject.psnType ?? (await repo.staffRowOf(db, cover.unitId, subject.personId))?.psnType ?? null,
    () => repo.liveClaims(db, subject.personId, period.id, type, exceptId),
    async () => (type === 'manual' ? repo.settlementsOf(db, subject.personId, period.id) : []),
    async () => (stay ? repo.overlappingSettlement(db, subject.personId, form.admittedOn!, form.dischargedOn!) : undefined),
    async () => (stay && type === 'manual' ? filingsForStay(db, subject.personId, form.admittedOn!, form.dischargedOn!) : []),
  ] as const);
  return {
    period,
    product,
    cover,
    overlapping,
    facts: {
      type,
      today,
      form,
      periodYear: period.year,
      productName: product.name,
      rule: product.benefitRule,
      cover: { coveredFrom: cover.coveredFrom, shares: cover.shares },
      gender: subject.gender,
      psnType,
      earlier,
      settlements,
      overlapping: overlapping ?? null,
      filings,
    },
  } as const;
}

/** The stay fields a type keeps (a hardship claim has none; invoices only for 手工报销). */
function stayOf(type: ClaimType, form: ClaimStayFields): ClaimStayFields {
  if (!CLAIM_TYPES[type].stay) return {};
  return {
    admittedOn: form.admittedOn ?? null,
    dischargedOn: form.dischargedOn ?? null,
    hospitalName: form.hospitalName ?? null,
    diagnosisCode: form.diagnosisCode ? form.diagnosisCode.toUpperCase() : null,
    diagnosisName: form.diagnosisName ?? null,
    invoiceFen: type === 'manual' ? (form.invoiceFen ?? null) : null,
  };
}

/** The amount and what would refuse the claim, without saving anything. */
export async function preview(ctx: HallContext, caller: Caller, input: Form) {
  const filer = filerOf(caller);
  const today = chinaDay(ctx.clock.now());
  const subject = await subjectOf(ctx.db, filer, input.staffId);
  const form = stayOf(input.type, input);
  const f = await factsOf(ctx.db, filer, subject, input.type, form, today, input.id ?? null);
  if ('blocking' in f)
    return {
      periodYear: null,
      productName: null,
      days: null,
      amountFen: 0,
      basis: '',
      problems: [...new Set([f.blocking!, ...missingFields(input.type, form), ...dateProblems(form, today)])],
    };
  const outcome = evaluate(f.facts);
  return { periodYear: f.period.year, productName: f.product.name, ...outcome };
}

/** A unique index's violation as the rule it stands for, or null. */
function duplicateMessage(error: unknown): string | null {
  for (
    let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code !== '23505') continue;
    const name = String(e.constraint ?? e.message ?? '');
    if (name.includes('claims_hardship_key')) return MESSAGES.duplicateHardship;
    if (name.includes('claims_stay_key')) return MESSAGES.duplicateStay;
    return MESSAGES.duplicateStay;
  }
  return null;
}

/** Saves a new draft, or changes a draft or returned claim of the filer; the person, period, cover and union are fixed here. */
export async function save(ctx: HallContext, caller: Caller, input: Form, ip?: string) {
  const filer = filerOf(caller);
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const form = stayOf(input.type, input);
  const dates = dateProblems(form, today);
  if (dates.length) throw refuse(dates[0]);
  if (input.id) await scopedOrRefuse(ctx, caller, input.id, filer.scope, ip);
  let id: number;
  try {
    id = await ctx.db.transaction(async (db) => {
      if (input.id) {
        const locked = await repo.lockClaim(db, input.id, filer.scope);
        if (!locked) throw refuse(CLAIM_MISSING);
        if (!CLAIM_EDITABLE_STATES.includes(locked.state as ClaimState)) throw refuse(NOT_EDITABLE);
      }
      const subject = await subjectOf(db, filer, input.staffId);
      const f = await factsOf(db, filer, subject, input.type, form, today, input.id ?? null);
      if ('blocking' in f) throw refuse(f.blocking!);
      const outcome = evaluate(f.facts);
      const values = {
        type: input.type,
        personId: subject.personId,
        unitId: f.cover.unitId,
        reviewUnitId: await repo.reviewerOf(db, f.cover.unitId),
        periodId: f.period.id,
        productCode: f.product.code,
        admittedOn: form.admittedOn ?? null,
        dischargedOn: form.dischargedOn ?? null,
        hospitalName: form.hospitalName ?? null,
        diagnosisCode: form.diagnosisCode ?? null,
        diagnosisName: form.diagnosisName ?? null,
        invoiceFen: form.invoiceFen ?? null,
        days: outcome.days,
        amountFen: outcome.amountFen,
        bankName: input.bankName ?? subject.bankName,
        bankCard: input.bankCard ?? subject.bankCard,
        note: input.note ?? null,
        updatedAt: now,
      };
      if (input.id) {
        await repo.updateClaim(db, input.id, values);
        return input.id;
      }
      const year = Number(today.slice(0, 4));
      const created = await repo.insertClaim(
        db,
        { ...values, state: 'draft', filedBy: filer.kind, createdBy: caller.accountId, createdAt: now },
        (newId) => claimNo(year, newId),
      );
      await repo.insertEvents(db, [
        {
          claimId: created,
          at: now,
          actorKind: filer.actor.kind,
          actorName: filer.actor.name,
          fromState: null,
          toState: 'draft',
          note: '新建申请',
        },
      ]);
      return created;
    });
  } catch (error) {
    const duplicate = duplicateMessage(error);
    if (duplicate) throw refuse(duplicate);
    throw error;
  }
  return detailOf(ctx, (await repo.findClaim(ctx.db, id, filer.scope))!, filer.kind);
}

/**
 * Submits a draft or returned claim: every rule again on the saved fields (the clock may have
 * passed the deadline, a settlement may have come in), the required attachments, the amount.
 */
export async function submit(ctx: HallContext, caller: Caller, id: number, ip?: string) {
  const filer = filerOf(caller);
  const now = ctx.clock.now();
  const today = chinaDay(now);
  await scopedOrRefuse(ctx, caller, id, filer.scope, ip);
  await ctx.db.transaction(async (db) => {
    const locked = await repo.lockClaim(db, id, filer.scope);
    if (!locked) throw refuse(CLAIM_MISSING);
    if (!CLAIM_EDITABLE_STATES.includes(locked.state as ClaimState)) throw refuse('只有草稿或退回补正的申请可以提交');
    const type = locked.type as ClaimType;
    let subject: Subject;
    if (filer.kind === 'unit') {
      const member = await repo.staffRowOf(db, locked.unitId, locked.personId);
      if (!member || member.leftOn) throw refuse('该职工已不是本单位在册职工，不能由本单位提交申请');
      subject = await subjectOf(db, filer, member.staffId);
    } else subject = await subjectOf(db, filer, undefined);
    const form = stayOf(type, { ...locked, invoiceFen: locked.invoiceFen });
    const f = await factsOf(db, filer, subject, type, form, today, locked.id);
    if ('blocking' in f) throw refuse(f.blocking!);
    const outcome = evaluate(f.facts);
    if (outcome.problems.length) throw refuse(outcome.problems[0]);
    const present = new Set((await repo.attachmentsOf(db, id)).map((a) => a.kind));
    const missing = CLAIM_TYPES[type].required.filter((k) => !present.has(k));
    if (missing.length) throw refuse(`请上传${missing.map((k) => ATTACHMENT_KIND_LABELS[k]).join('、')}`);
    await transition(ctx, db, now, {
      claimId: id,
      from: CLAIM_EDITABLE_STATES,
      to: filer.kind === 'personal' ? 'unit_review' : afterUnit,
      actor: filer.actor,
      scope: filer.scope,
      refusal: '只有草稿或退回补正的申请可以提交',
      set: {
        amountFen: outcome.amountFen,
        days: outcome.days,
        settlementId: type === 'hospital_allowance' ? (f.overlapping?.id ?? null) : null,
        unitId: f.cover.unitId,
      },
    });
  });
  return detailOf(ctx, (await repo.findClaim(ctx.db, id, filer.scope))!, filer.kind);
}

/** Deletes a draft that was never submitted. */
export async function remove(ctx: HallContext, caller: Caller, id: number, ip?: string) {
  const filer = filerOf(caller);
  await scopedOrRefuse(ctx, caller, id, filer.scope, ip);
  if (!(await repo.deleteDraft(ctx.db, id, filer.scope))) throw refuse('只有未提交过的草稿可以删除');
  return null;
}

/**
 * What the rule computes for a filed claim, with how it got there: the reviewer's check beside the
 * amount the claim carries. Read on the day it was submitted (the deadline as it stood then) with
 * the data as it is now (a settlement or another claim since shows as a different amount). The
 * cover's unit was fixed at submission, so it is read as the worker's own claim.
 */
export async function ruleOutcome(ctx: HallContext, row: repo.ClaimRow) {
  const type = row.type as ClaimType;
  const day = chinaDay(row.submittedAt ?? ctx.clock.now());
  const subject: Subject = { personId: row.personId, gender: row.gender, bankName: null, bankCard: null, psnType: null };
  const asWorker = { kind: 'personal' } as Filer;
  const f = await factsOf(ctx.db, asWorker, subject, type, stayOf(type, row), day, row.id);
  if ('blocking' in f) return { amountFen: 0, basis: '', problems: [f.blocking!] };
  const { amountFen, basis, problems } = evaluate(f.facts);
  return { amountFen, basis, problems };
}
