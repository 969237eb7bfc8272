import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { ClaimYears } from '../api/claim-years';
import type { TreatmentYears } from '../api/treatment-years';
import { chartSummary, claimChartOption, treatmentChartOption } from '../chart-options';
import './home-chart.css';

// ECharts by modular import: only these charts and components reach the bundle, and only this
// chunk, which HomePage loads lazily (the first screen's bundle budget has no room for it).
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type HomeChartProps = { kind: 'treatment'; data: TreatmentYears } | { kind: 'claim'; data: ClaimYears };

/**
 * One home chart on a canvas. It follows its box (ResizeObserver: the window, the sidebar, the
 * kept-alive tab shown again) and is disposed with the component.
 */
export default function HomeChart(props: HomeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = box.current!;
    const instance = init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const option = props.kind === 'treatment' ? treatmentChartOption(props.data) : claimChartOption(props.data);
    chart.current?.setOption(option, { notMerge: true });
  }, [props.kind, props.data]);

  // The canvas says nothing to a screen reader: the figures in words do.
  return <div ref={box} className="home-chart" role="img" aria-label={chartSummary(props.kind, props.data.list)} />;
}
