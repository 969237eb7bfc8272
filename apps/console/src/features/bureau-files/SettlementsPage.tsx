import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import { SETTLEMENT_COLUMNS } from '@hall/shared/bureau-files.ts';
import { type BureauFile, BureauFilePage } from './BureauFilePage';
import { type SettlementPreview, type SettlementReport, settlementCalls, useSettlementLoads } from './api/bureau-files';

/** 结算数据: the bureau's settlement file, staged in the browser, then confirmed; the treatments follow. */
const SETTLEMENTS: BureauFile<SettlementPreview, SettlementReport> = {
  id: 'settlements',
  title: '结算数据',
  note: '.xlsx 或 .csv，最大 200MB；按结算单号导入，重复导入不会重复计算。上传后先预览，确认后才导入',
  consequence: '确认后立即生效：文件中人员的互助待遇重新计算，新产生的待遇进入待发放。',
  stageCall: opsTreatmentCalls.opsSettlementStage,
  // The route's limit (contract opsSettlementStage; a larger file is loaded in parts or by the CLI).
  calls: { ...settlementCalls, maxBytes: 200 * 1024 * 1024, tooLarge: '结算文件不能超过 200MB，请分批导入' },
  columns: SETTLEMENT_COLUMNS,
  templateName: '医保结算模板.csv',
  previewFigures: (p) => [
    { label: '数据行数', value: p.total },
    { label: '将新增', value: p.added },
    { label: '将更正或冲销', value: p.replaced },
    { label: '其中冲销', value: p.reversed },
    { label: '不变', value: p.unchanged },
    { label: '非本大厅人员', value: p.skipped },
    { label: '有误', value: p.invalid, warn: true },
    { label: '不在互助期内', value: p.outsidePeriods, warn: true },
  ],
  rowColumns: [
    { title: '结算单号', dataIndex: 'settlementNo', width: 180 },
    { title: '姓名', dataIndex: 'name', width: 100 },
  ],
  reportFigures: (r) => [
    { label: '数据行数', value: r.rows },
    { label: '新增', value: r.added },
    { label: '更正或冲销', value: r.replaced },
    { label: '未变', value: r.unchanged },
    { label: '非本大厅人员', value: r.skipped },
    { label: '有误未导入', value: r.rejected, warn: true },
    { label: '重新计算人次', value: r.treatments.persons },
    { label: '写入待遇', value: r.treatments.written },
    { label: '新增待发放', value: r.treatments.payable },
    { label: '待冲减', value: r.treatments.setOff },
  ],
  changedLabel: '更正或冲销',
  showRejected: true,
};

export default function SettlementsPage() {
  return <BureauFilePage file={SETTLEMENTS} history={useSettlementLoads()} />;
}
