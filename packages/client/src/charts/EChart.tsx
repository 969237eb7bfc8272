import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartOption } from './options';
import './chart.css';

// ECharts by modular import: only these charts and components reach the bundle, in the chunk of
// this module, which each app loads lazily (React.lazy): no first screen carries it.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface EChartProps {
  option: ChartOption;
  /** The chart in words: the canvas says nothing to a screen reader. */
  summary: string;
  className?: string;
  /** The box's height when no class sets it (px). */
  height?: number;
}

/**
 * One chart on a canvas, the one ECharts component of the portal and the console. It follows its
 * box (ResizeObserver: the window, the sidebar, a kept-alive tab shown again) and is disposed
 * with the component; a new option replaces the old one whole.
 */
export default function EChart({ option, summary, className, height }: EChartProps) {
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
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={box}
      className={className}
      style={className ? undefined : { height: height ?? 300, width: '100%' }}
      role="img"
      aria-label={summary}
    />
  );
}
