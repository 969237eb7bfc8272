import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { REGISTRY_COLUMNS } from '@hall/shared/bureau-files.ts';
import { type BureauFile, BureauFilePage } from './BureauFilePage';
import { type RegistryPreview, type RegistryReport, registryCalls, useRegistryLoads } from './api/bureau-files';

/** 参保登记: the bureau's registry of insured units and people, staged in the browser, then confirmed. */
const REGISTRY: BureauFile<RegistryPreview, RegistryReport> = {
  id: 'registry',
  title: '参保登记',
  note: '.xlsx 或 .csv，最大 10MB；每行一个单位或个人的参保状态。上传后先预览，确认后才导入',
  consequence: '确认后立即生效：单位和个人的参保状态按文件改变。',
  stageCall: opsCalls.opsRegistryStage,
  // The route's limit (contract opsRegistryStage).
  calls: { ...registryCalls, maxBytes: 10 * 1024 * 1024, tooLarge: '参保登记文件不能超过 10MB' },
  columns: REGISTRY_COLUMNS,
  templateName: '参保登记模板.csv',
  previewFigures: (p) => [
    { label: '数据行数', value: p.total },
    { label: '将新增', value: p.added },
    { label: '将变更', value: p.changed },
    { label: '不变', value: p.unchanged },
    { label: '有误', value: p.invalid, warn: true },
  ],
  rowColumns: [
    { title: '统一社会信用代码或身份证号码', dataIndex: 'code', width: 220 },
    { title: '名称', dataIndex: 'name', width: 200, ellipsis: true },
  ],
  reportFigures: (r) => [
    { label: '数据行数', value: r.rows },
    { label: '新增', value: r.added },
    { label: '变更', value: r.changed },
    { label: '未变', value: r.unchanged },
    { label: '有误未导入', value: r.errorCount, warn: true },
    { label: '参保状态改变的单位', value: r.units.length },
    { label: '参保状态改变的人数', value: r.persons },
  ],
  changedLabel: '变更',
  showRejected: false,
};

export default function RegistryPage() {
  return <BureauFilePage file={REGISTRY} history={useRegistryLoads()} />;
}
