import { useMemo } from 'react';
import EChart from './EChart';
import { type BarsSpec, barsOption, barsSummary } from './options';

/**
 * A report's bars (the console's 统计报表, a union's own report on the portal's /Home): the spec
 * drawn through the one options builder and the one chart. Each app loads this module lazily.
 */
export default function BarsChart({ spec, className, height = 300 }: { spec: BarsSpec; className?: string; height?: number }) {
  const option = useMemo(() => barsOption(spec), [spec]);
  return <EChart option={option} summary={barsSummary(spec)} className={className} height={height} />;
}
