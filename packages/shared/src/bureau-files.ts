import { z } from 'zod';

/**
 * The columns of the insurance bureau's two files, as their header row names them (order free,
 * extra columns ignored). One list serves the server that reads the files and the console that
 * tells the clerk what each file must have.
 */
export interface BureauColumn {
  /** The header as it stands in the template (Chinese). */
  header: string;
  key: string;
  width?: number;
  /** false: the column may be absent. */
  required?: boolean;
}

/** 参保登记: a unit or a person per row, insured or not. */
export const REGISTRY_COLUMNS: readonly BureauColumn[] = [
  { header: '类型', key: 'kind' },
  { header: '统一社会信用代码或身份证号码', key: 'code' },
  { header: '名称', key: 'name' },
  { header: '参保状态', key: 'status' },
  { header: '参保日期', key: 'since', required: false },
];

/** 医保结算: one settlement per row, amounts in yuan. */
export const SETTLEMENT_COLUMNS: readonly BureauColumn[] = [
  { header: '结算单号', key: 'no', width: 20 },
  { header: '身份证号码', key: 'certNo', width: 22 },
  { header: '姓名', key: 'name', width: 10 },
  { header: '医院名称', key: 'hospital', width: 24 },
  { header: '医院等级', key: 'level', width: 10 },
  { header: '就医类型', key: 'kind', width: 12 },
  { header: '入院日期', key: 'admitted', width: 12 },
  { header: '出院日期', key: 'discharged', width: 12 },
  { header: '结算日期', key: 'settled', width: 12, required: false },
  { header: '医疗总费用', key: 'total', width: 12 },
  { header: '政策范围内费用', key: 'policy', width: 14 },
  { header: '统筹基金支付', key: 'fund', width: 12 },
  { header: '政策范围内个人自付', key: 'selfPolicy', width: 16 },
  { header: '政策范围外自费', key: 'selfExcluded', width: 14 },
  { header: '诊断编码', key: 'diagnosisCode', width: 12 },
  { header: '诊断名称', key: 'diagnosisName', width: 20 },
  { header: '冲销标志', key: 'reversed', width: 10, required: false },
];

/** What the bureau's files say to the clerk beyond a row's own reason (server and console). */
export const BUREAU_FILE_MESSAGES = {
  batchGone: '导入预览不存在、已过期或已处理，请重新上传文件',
} as const;

/** The staged file's batch, as the preview named it (confirm, discard, error report). */
export const bureauBatchRequest = z.object({
  batchId: z
    .string({ error: BUREAU_FILE_MESSAGES.batchGone })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, BUREAU_FILE_MESSAGES.batchGone),
});
