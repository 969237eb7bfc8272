import { Alert, Statistic } from 'antd';
import './file-load.css';

export interface LoadFigure {
  label: string;
  value: number;
  /** Rows refused or needing attention: shown in red when not zero. */
  warn?: boolean;
}

/** A row of counts (a preview's, a load's). */
export function LoadFigures({ figures, testId }: { figures: readonly LoadFigure[]; testId: string }) {
  return (
    <div className="file-load__figures" data-testid={testId}>
      {figures.map((f) => (
        <Statistic
          key={f.label}
          title={f.label}
          value={f.value}
          styles={{ content: { color: f.warn && f.value ? '#b32d00' : undefined } }}
        />
      ))}
    </div>
  );
}

/** A confirmed load's report: written, with its counts (the bad rows were in the preview and its error report). */
export function LoadReport({ fileName, loadId, figures }: { fileName: string; loadId: number; figures: readonly LoadFigure[] }) {
  return (
    <div className="file-load__report" data-testid="load-report">
      <Alert type="success" showIcon title={`已导入 ${fileName}（批次 ${loadId}）`} />
      <LoadFigures figures={figures} testId="load-figures" />
    </div>
  );
}
