import {
  ATTACHMENT_KIND_LABELS,
  type AttachmentKind,
  CLAIM_EDITABLE_STATES,
  CLAIM_MISSING,
  CLAIM_STATE_LABELS,
  CLAIM_TYPE_LABELS,
  CLAIM_TYPES,
  type CallParsed,
  type ClaimState,
  type ClaimType,
  chinaDay,
  type claimContracts,
  claimDeadline,
  maskCard,
  maskCertNo,
} from '@hall/shared';
import type { SQL } from 'drizzle-orm';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { ExportColumn } from '../../lib/table-export';
import type { Caller, HallContext } from '../../types';
import * as query from './claim-query.repository';
import * as repo from './claims.repository';
import { readTogether } from '../../lib/read-together';
import { historyEntry } from '../../lib/history';

type Calls = typeof claimContracts;

/** Who looks at a claim: its role decides what it may do with it. */
export type Viewer = 'unit' | 'personal' | 'union' | 'operator';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toItem(row: repo.ClaimRow) {
  return {
    id: row.id,
    claimNo: row.claimNo,
    type: row.type as ClaimType,
    typeLabel: CLAIM_TYPE_LABELS[row.type as ClaimType],
    state: row.state as ClaimState,
    stateLabel: CLAIM_STATE_LABELS[row.state as ClaimState],
    filedBy: row.filedBy as 'unit' | 'personal',
    personName: row.personName,
    certNo: maskCertNo(row.certNo),
    unitName: row.unitName,
    periodYear: row.periodYear,
    admittedOn: row.admittedOn,
    dischargedOn: row.dischargedOn,
    hospitalName: row.hospitalName,
    diagnosisName: row.diagnosisName,
    days: row.days,
    amountFen: row.amountFen,
    reason: row.reason,
    payoutFailure: row.payoutFailure,
    createdAt: row.createdAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
    paidAt: iso(row.paidAt),
  };
}

/** Whether the viewer filed this claim (and so may edit it while it is editable). */
const isFiler = (row: repo.ClaimRow, viewer: Viewer) => row.filedBy === viewer;

export function canReview(row: repo.ClaimRow, viewer: Viewer) {
  return (
    (viewer === 'unit' && row.filedBy === 'personal' && row.state === 'unit_review') ||
    (viewer === 'union' && row.state === 'union_review') ||
    (viewer === 'operator' && row.state === 'city_review')
  );
}

/** An attachment as the detail and the attachment calls answer it. */
export const attachmentView = (a: Awaited<ReturnType<typeof repo.attachmentsOf>>[number]) => ({
  id: a.id,
  kind: a.kind as AttachmentKind,
  kindLabel: ATTACHMENT_KIND_LABELS[a.kind as AttachmentKind],
  fileId: a.fileId,
  name: a.name,
  size: a.size,
  mime: a.mime,
  createdAt: a.createdAt.toISOString(),
});

/** The detail every party sees: the claim, its attachments against the type's required kinds, its history. */
export async function detailOf(ctx: HallContext, row: repo.ClaimRow, viewer: Viewer) {
  const [attachments, events, staffId] = await readTogether(ctx.db, [
    () => repo.attachmentsOf(ctx.db, row.id),
    () => repo.eventsOf(ctx.db, row.id),
    async () => (viewer === 'unit' && row.filedBy === 'unit' ? repo.staffIdOf(ctx.db, row.unitId, row.personId) : null),
  ] as const);
  const editable = isFiler(row, viewer) && CLAIM_EDITABLE_STATES.includes(row.state as ClaimState);
  const info = CLAIM_TYPES[row.type as ClaimType];
  return {
    claim: {
      ...toItem(row),
      productCode: row.productCode,
      productName: row.productName,
      gender: row.gender,
      diagnosisCode: row.diagnosisCode,
      invoiceFen: row.invoiceFen,
      bankName: row.bankName,
      bankCard: row.bankCard ? maskCard(row.bankCard) : null,
      note: row.note,
      reviewUnitName: row.reviewUnitName ?? null,
      deadline: info.stay && row.dischargedOn ? claimDeadline(row.dischargedOn) : null,
      canEdit: editable,
      canSubmit: editable,
      canDelete: editable && row.state === 'draft' && row.submittedAt === null,
      canReview: canReview(row, viewer),
    },
    form: { staffId, bankCard: isFiler(row, viewer) ? row.bankCard : null },
    attachments: attachments.map(attachmentView),
    required: info.required.map((kind) => ({
      kind,
      label: ATTACHMENT_KIND_LABELS[kind],
      present: attachments.some((a) => a.kind === kind),
    })),
    events: events.map((e) => historyEntry<'unit' | 'personal' | 'union' | 'operator' | 'system'>(e, CLAIM_STATE_LABELS)),
  };
}

/** A claim in the caller's scope, or the one refusal for missing and not theirs (audited). */
export async function scopedOrRefuse(ctx: HallContext, caller: Caller, id: number, scope: SQL, ip?: string) {
  const row = await repo.findClaim(ctx.db, id, scope);
  if (!row) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'claim', id }, ip);
    throw refuse(CLAIM_MISSING);
  }
  return row;
}

/** The scope a caller sees claims in, and its role. */
export function seenBy(caller: Caller): { scope: SQL; viewer: Viewer } {
  return caller.loginType === 'unit'
    ? { scope: repo.unitSees(caller.unit.id), viewer: 'unit' }
    : { scope: repo.personSees(caller.person.id), viewer: 'personal' };
}

export async function detail(ctx: HallContext, caller: Caller, id: number, ip?: string) {
  const { scope, viewer } = seenBy(caller);
  return detailOf(ctx, await scopedOrRefuse(ctx, caller, id, scope, ip), viewer);
}

export async function listUnit(ctx: HallContext, caller: Caller<'unit'>, q: CallParsed<Calls['claimList']>) {
  const { rows, total } = await query.pageClaims(ctx.db, { ...q, scope: repo.unitSees(caller.unit.id) });
  return { list: rows.map(toItem), ...total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function listPersonal(ctx: HallContext, caller: Caller<'personal'>, q: CallParsed<Calls['claimListPersonal']>) {
  const { rows, total } = await query.pageClaims(ctx.db, { ...q, scope: repo.personSees(caller.person.id) });
  return { list: rows.map(toItem), ...total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export const EXPORT_CAP = 20_000;

/** The list's columns as the page names them, in its order (its 住院 is 入院日期 and 出院日期 here), then the claim's. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '申请号', key: 'claimNo', width: 16, kind: 'text' },
  { header: '姓名', key: 'name', width: 10, kind: 'text' },
  { header: '身份证号码', key: 'certNo', width: 20, kind: 'text' },
  { header: '补助类型', key: 'type', width: 16, kind: 'text' },
  { header: '年度', key: 'year', width: 8, kind: 'count' },
  { header: '入院日期', key: 'admittedOn', width: 12, kind: 'date' },
  { header: '出院日期', key: 'dischargedOn', width: 12, kind: 'date' },
  { header: '医院', key: 'hospital', width: 24, kind: 'text' },
  { header: '诊断', key: 'diagnosis', width: 20, kind: 'text' },
  { header: '住院天数', key: 'days', width: 10, kind: 'count' },
  { header: '金额', key: 'amount', width: 14, kind: 'money' },
  { header: '状态', key: 'state', width: 10, kind: 'text' },
  { header: '申请方式', key: 'filedBy', width: 10, kind: 'text' },
  { header: '申请日期', key: 'createdAt', width: 12, kind: 'date' },
  { header: '发放日期', key: 'paidAt', width: 12, kind: 'date' },
  { header: '退回/不予补助原因', key: 'reason', width: 30, kind: 'text' },
];

/** The unit's claims matching the filter, as export rows (masked ID numbers; amounts in fen, written as yuan). */
export async function* exportRows(ctx: HallContext, caller: Caller<'unit'>, q: CallParsed<Calls['claimExport']>) {
  for await (const rows of query.claimChunks(ctx.db, { ...q, scope: repo.unitSees(caller.unit.id) }, EXPORT_CAP)) {
    for (const r of rows) {
      yield [
        r.claimNo,
        r.personName,
        maskCertNo(r.certNo),
        CLAIM_TYPE_LABELS[r.type as ClaimType],
        r.periodYear,
        r.admittedOn,
        r.dischargedOn,
        r.hospitalName,
        r.diagnosisName,
        r.days,
        r.amountFen,
        CLAIM_STATE_LABELS[r.state as ClaimState],
        r.filedBy === 'unit' ? '单位代办' : '职工申请',
        // Moments: the writer takes their China day.
        r.createdAt,
        r.paidAt,
        r.reason,
      ];
    }
  }
}

export const exportName = (now: Date) => `补助记录_${chinaDay(now).replaceAll('-', '')}.xlsx`;

/** The unit's current staff it covers in the last three periods (the form's picker). */
export async function staffOptions(ctx: HallContext, caller: Caller<'unit'>, q: CallParsed<Calls['claimStaffOptions']>) {
  const fromYear = Number(chinaDay(ctx.clock.now()).slice(0, 4)) - 2;
  const { rows, covers, total } = await query.pageCoveredStaff(ctx.db, { unitId: caller.unit.id, fromYear, ...q });
  return {
    list: rows.map((r) => {
      const years = new Map<number, string[]>();
      for (const c of covers.filter((c) => c.personId === r.personId)) years.set(c.year, [...(years.get(c.year) ?? []), c.code]);
      return {
        staffId: r.staffId,
        name: r.name,
        certNo: maskCertNo(r.certNo),
        gender: r.gender,
        psnType: r.psnType,
        covers: [...years].map(([year, products]) => ({ year, products })),
        bankName: r.bankName,
        bankCard: r.bankCard ? maskCard(r.bankCard) : null,
      };
    }),
    ...total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
