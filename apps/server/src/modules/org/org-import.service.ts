import type { FastifyReply } from 'fastify';
import { ERROR_REPORT_SHEET, errorReportName, halfWidth, numberCellMessage, subAddRequest } from '@hall/shared';
import { auditCaller } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { hashPassword } from '../../lib/passwords';
import {
  batchOf,
  claimBatch,
  discardBatch,
  type IncomingTable,
  invalidRowsOf,
  previewOf,
  setConfirmed,
  type StagedImport,
  type StagedRecord,
  type StagedRow,
  stageFile,
  validRows,
} from '../../lib/staged-import';
import { sendTable, sendTemplateTable } from '../../lib/table-export';
import { numericIn, type TableColumn } from '../../lib/table-file';
import type { Caller, HallContext } from '../../types';
import { generatePassword } from '../accounts/accounts.service';
import { LIMITS, tryHit } from '../limits/limits.service';
import * as repo from './org-import.repository';
import { insertSub, registryInsured } from './org.repository';
import { firstPasswordSms, unionOf } from './org.service';

/**
 * 导入下属单位 (issue 10): the file is read as a stream (lib/table-file), each row checked with the
 * add form's rules (subAddRequest), against the rows before it (duplicate account or credit code)
 * and against the hall (account or credit code taken), then staged for the preview. Confirming
 * opens the valid rows' units and accounts and sends each contact its first password by SMS.
 * The pieces are the roster import's (modules/staff): template, preview, error report.
 */
export const ORG_IMPORT_MAX_ROWS = 2000;
export const ORG_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const ORG_IMPORT_TTL_MS = 60 * 60_000;
export const ORG_IMPORT_MESSAGES = {
  fileType: '请上传 .xlsx 或 .csv 格式的名单文件',
  tooLarge: '名单文件大小不能超过5MB',
  tooMany: `一次最多导入${ORG_IMPORT_MAX_ROWS}家单位，请拆分后分批导入`,
  badFile: '无法读取该文件，请使用下载的模板填写后上传',
  noRows: '文件中没有可导入的单位，请按模板填写后上传',
  batchGone: '导入预览已失效，请重新上传名单',
} as const;

const EXAMPLE_MARK = '示例';

const COLUMNS: readonly TableColumn[] = [
  { header: '单位账号*', key: 'uact', width: 18 },
  { header: '单位名称*', key: 'name', width: 30 },
  { header: '统一社会信用代码*', key: 'uscc', width: 22 },
  { header: '联系人*', key: 'contactName', width: 12 },
  { header: '联系人手机号码*', key: 'contactPhone', width: 16 },
  { header: '地址', key: 'address', width: 30, required: false },
];

/** The columns that must be text (numberCellMessage), read half-width. */
const TEXT_KEYS = ['uscc', 'contactPhone'] as const;
const TEXT_HEADERS = { uscc: '统一社会信用代码', contactPhone: '联系人手机号码' } as const;

export function sendOrgTemplate(reply: FastifyReply) {
  const example = [
    `${EXAMPLE_MARK}qydw00001`,
    `${EXAMPLE_MARK}：长沙市某某科技有限公司（此行为填写示例，导入时自动跳过）`,
    '91430100MA4L0000XX',
    '张三',
    '13800000000',
    '长沙市岳麓区某某路1号（可不填）',
  ];
  return sendTemplateTable(reply, '下属单位导入模板.xlsx', '下属单位', COLUMNS, [example]);
}

interface SubRow {
  uact: string;
  name: string;
  uscc: string;
  contactName: string;
  contactPhone: string;
  address: string | null;
}

/** A staged row's unit, as its columns and `extra` hold it. */
const subOf = (r: StagedRecord): SubRow => {
  const extra = (r.extra ?? {}) as { uact?: string; contactName?: string; address?: string | null };
  return {
    uact: extra.uact ?? '',
    name: r.name ?? '',
    uscc: r.certNo ?? '',
    contactName: extra.contactName ?? '',
    contactPhone: r.phone ?? '',
    address: extra.address ?? null,
  };
};

/** The subordinate units' import as a staged import: the add form's rules, the rows before, the hall. */
function subImport(ctx: HallContext): StagedImport<StagedRow> {
  const seenUact = new Map<string, number>();
  const seenUscc = new Map<string, number>();
  return {
    kind: 'org',
    columns: COLUMNS,
    maxRows: ORG_IMPORT_MAX_ROWS,
    ttlMs: ORG_IMPORT_TTL_MS,
    chunkRows: ORG_IMPORT_MAX_ROWS,
    messages: {
      fileType: ORG_IMPORT_MESSAGES.fileType,
      tooLarge: ORG_IMPORT_MESSAGES.tooLarge,
      badFile: ORG_IMPORT_MESSAGES.badFile,
      noRows: ORG_IMPORT_MESSAGES.noRows,
      tooManyRows: ORG_IMPORT_MESSAGES.tooMany,
      missingColumns: (missing) => `名单缺少列：${missing.join('、')}（请使用下载的模板）`,
    },
    read(row, at) {
      const { rowNo, cells } = row;
      const cell = (k: string) => (at[k] === undefined ? '' : (cells[at[k]] ?? '').trim());
      if (cell('uact').startsWith(EXAMPLE_MARK) || cell('name').startsWith(EXAMPLE_MARK)) return null;
      const raw = {
        uact: cell('uact'),
        name: cell('name'),
        uscc: halfWidth(cell('uscc')).toUpperCase(),
        contactName: cell('contactName'),
        contactPhone: halfWidth(cell('contactPhone')),
        address: cell('address') || undefined,
      };
      const parsed = subAddRequest.safeParse(raw);
      // A credit code or phone the workbook holds as a number is refused for its row.
      const [asNumber] = numericIn(row, at, TEXT_KEYS);
      let error = asNumber
        ? numberCellMessage(TEXT_HEADERS[asNumber], asNumber === 'uscc')
        : parsed.success
          ? null
          : (parsed.error.issues[0]?.message ?? '内容不正确');
      const uactKey = raw.uact.toLowerCase();
      if (!error && seenUact.has(uactKey)) error = `单位账号与第${seenUact.get(uactKey)}行重复`;
      if (!error && seenUscc.has(raw.uscc)) error = `统一社会信用代码与第${seenUscc.get(raw.uscc)}行重复`;
      if (!seenUact.has(uactKey)) seenUact.set(uactKey, rowNo);
      if (!seenUscc.has(raw.uscc)) seenUscc.set(raw.uscc, rowNo);
      const v = parsed.success ? parsed.data : raw;
      return {
        rowNo,
        certNo: v.uscc.slice(0, 40),
        name: v.name.slice(0, 100),
        phone: v.contactPhone.slice(0, 40),
        extra: { uact: v.uact.slice(0, 40), contactName: v.contactName.slice(0, 40), address: v.address?.slice(0, 200) ?? null },
        error,
      };
    },
    // Against the hall: an account or a credit code someone already has.
    check: async (rows) => {
      const { taken, usccs } = await takenOf(
        ctx,
        rows.filter((r) => !r.error).map((r) => subOf(r as StagedRecord)),
      );
      for (const r of rows) {
        if (r.error) continue;
        if (taken.has(String(r.extra?.uact).toLowerCase())) r.error = '单位账号已被使用';
        else if (usccs.has(r.certNo)) r.error = '该统一社会信用代码已有单位账号';
      }
      return rows;
    },
  };
}
/** Of these units, the accounts (lower case) and the credit codes the hall already has. */
const takenOf = (ctx: HallContext, rows: SubRow[]) =>
  repo.takenOf(
    ctx.db,
    rows.map((r) => r.uact.toLowerCase()),
    rows.map((r) => r.uscc),
  );

/**
 * 导入下属单位: the file read, each row checked with the add form's rules (subAddRequest), against
 * the rows before it (duplicate account or credit code) and against the hall (account or credit
 * code taken), staged for the preview (lib/staged-import.ts).
 */
export async function importSubs(ctx: HallContext, caller: Caller, input: IncomingTable, ip?: string) {
  const union = await unionOf(ctx, caller, ip);
  const batch = await stageFile(ctx, subImport(ctx), input, { unitId: union.id });
  return previewOf(ctx.db, batch, (r) => ({ rowNo: r.rowNo, uact: subOf(r).uact, name: r.name ?? '', reason: r.error ?? '' }));
}

async function batchOfUnion(ctx: HallContext, caller: Caller, batchId: string, call: string, ip?: string) {
  const union = await unionOf(ctx, caller, ip);
  const batch = await batchOf(ctx, caller, 'org', union.id, batchId, { call, gone: ORG_IMPORT_MESSAGES.batchGone, ip });
  return { union, batch };
}

/**
 * Confirms an import: each valid row opens its unit and account (checked again: another add may
 * have taken the account since the preview); each contact gets the first password by SMS.
 */
export async function confirmSubImport(ctx: HallContext, caller: Caller, batchId: string, ip?: string) {
  const { union } = await batchOfUnion(ctx, caller, batchId, 'subImportConfirm', ip);
  if (!(await claimBatch(ctx.db, 'org', batchId, union.id, ctx.clock.now(), 'confirmed'))) throw refuse(ORG_IMPORT_MESSAGES.batchGone);
  const rows = (await validRows(ctx.db, batchId)).map(subOf);
  const { taken, usccs } = await takenOf(ctx, rows);
  const now = ctx.clock.now();
  const opened: string[] = [];
  for (const r of rows) {
    if (taken.has(r.uact.toLowerCase()) || usccs.has(r.uscc)) continue;
    const password = generatePassword();
    const values = {
      name: r.name,
      uscc: r.uscc,
      contactName: r.contactName,
      contactPhone: r.contactPhone,
      address: r.address ?? undefined,
    };
    await insertSub(ctx.db, union, r.uact, values, await registryInsured(ctx.db, r.uscc), await hashPassword(password), now);
    // The per-phone limit of the hall's notices: beyond it, the contact asks the union (or uses 忘记密码).
    if (await tryHit(ctx, 'phone:notify', LIMITS.notifyPhone, r.contactPhone))
      await ctx.sender.send({ channel: 'sms', target: r.contactPhone, content: firstPasswordSms(ctx.config.cityName, r.uact, password) });
    opened.push(r.uact);
  }
  await setConfirmed(ctx.db, batchId, { valid: opened.length });
  await auditCaller(ctx.db, now, caller, 'org-change', { event: 'sub-import', units: opened.length }, ip);
  return { imported: opened.length };
}

export async function discardSubImport(ctx: HallContext, caller: Caller, batchId: string, ip?: string) {
  const { union } = await batchOfUnion(ctx, caller, batchId, 'subImportDiscard', ip);
  if (!(await discardBatch(ctx, 'org', union.id, batchId))) throw refuse(ORG_IMPORT_MESSAGES.batchGone);
  return null;
}

const REPORT_COLUMNS: readonly TableColumn[] = [
  { header: '行号', key: 'rowNo', width: 8 },
  ...COLUMNS.map((c) => ({ ...c, header: c.header.replace('*', '') })),
  { header: '错误原因', key: 'reason', width: 40 },
];

export async function sendSubImportReport(ctx: HallContext, caller: Caller, batchId: string, reply: FastifyReply, ip?: string) {
  const { batch } = await batchOfUnion(ctx, caller, batchId, 'subImportReport', ip);
  await auditCaller(ctx.db, ctx.clock.now(), caller, 'download', { call: 'subImportReport' }, ip);
  async function* rows() {
    for await (const r of invalidRowsOf(ctx.db, batchId)) {
      const u = subOf(r);
      yield [r.rowNo, u.uact, u.name, u.uscc, u.contactName, u.contactPhone, u.address, r.error];
    }
  }
  return sendTable(reply, errorReportName('org', batch.fileName), ERROR_REPORT_SHEET, REPORT_COLUMNS, rows());
}
