import { useMemo } from 'react';
import EChart from '@hall/client/charts/EChart.tsx';
import { chartSummary, claimChartOption, treatmentChartOption } from '@hall/client/charts/options.ts';
import type { ClaimYears } from '../api/claim-years';
import type { TreatmentYears } from '../api/treatment-years';
import './home-chart.css';

export type HomeChartProps = { kind: 'treatment'; data: TreatmentYears } | { kind: 'claim'; data: ClaimYears };

/**
 * A home chart: the shared chart (packages/client charts) with the home's options. This module is
 * the chunk HomePage loads lazily (ECharts with it): the first screen's bundle budget has no room.
 */
export default function HomeChart(props: HomeChartProps) {
  const option = useMemo(
    () => (props.kind === 'treatment' ? treatmentChartOption(props.data) : claimChartOption(props.data)),
    [props.kind, props.data],
  );
  return <EChart option={option} summary={chartSummary(props.kind, props.data.list)} className="home-chart" />;
}
