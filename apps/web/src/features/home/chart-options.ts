import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { yuan } from '@hall/shared/enrolment/index.ts';
import type { ClaimYears } from './api/claim-years';
import type { TreatmentYears } from './api/treatment-years';

/**
 * The options of the two home charts, built from the answers as pure functions (table-tested
 * without a canvas, chart-options.test.ts). Amounts arrive in fen and are drawn in 元; the tooltip
 * reads the answer itself (not ECharts' rounded values), so it shows exact ¥ amounts.
 */
export type HomeChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#722ed1', '#13c2c2', '#eb2f96'];
const COUNT_COLOUR = '#fa541c';
const money = (fen: number) => `¥${yuan(fen)}`;
/** 元 for the axis: fen / 100, exact to the fen. */
const toYuan = (fen: number) => fen / 100;

/** The chart in words, year by year (the canvas's accessible name). */
export function chartSummary(kind: 'treatment' | 'claim', list: ReadonlyArray<{ year: number; count: number; amountFen: number }>): string {
  const what = kind === 'treatment' ? '互助待遇' : '已发放补助';
  const unit = kind === 'treatment' ? '笔' : '次';
  return `${what}：${list.map((y) => `${y.year}年度${y.count}${unit}${money(y.amountFen)}`).join('，')}`;
}

/** Short axis labels: 12,000 → 1.2万. */
export function axisMoney(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 100_000_000) return `${+(value / 100_000_000).toFixed(1)}亿`;
  if (abs >= 10_000) return `${+(value / 10_000).toFixed(1)}万`;
  return String(value);
}

const tooltipLine = (colour: string, label: string, value: string) =>
  `<div class="home-chart-tip__line"><span class="home-chart-tip__dot" style="background:${colour}"></span>${label}<b>${value}</b></div>`;

/** The tooltip of one year of the treatment chart. */
export function treatmentTooltip(data: TreatmentYears, index: number): string {
  const y = data.list[index];
  if (!y) return '';
  return [
    `<div class="home-chart-tip__title">${y.year}年度</div>`,
    tooltipLine(PALETTE[0], '核定金额：', money(y.amountFen)),
    tooltipLine(PALETTE[1], '已发放金额：', money(y.paidFen)),
    tooltipLine(COUNT_COLOUR, '待遇笔数：', `${y.count}笔`),
  ].join('');
}

const axisIndexOf = (params: unknown): number => {
  const first = Array.isArray(params) ? params[0] : params;
  return typeof first === 'object' && first !== null && 'dataIndex' in first ? Number(first.dataIndex) : -1;
};

/** Legend entries that fit one row of a home panel (about 100 px each in a panel of 350–540 px). */
const LEGEND_PER_ROW = 4;

/**
 * The plot starts below the legend and the axis names: a legend of more entries than a row holds
 * wraps, and its second row would otherwise lie on the axis names (补助发放统计 with four types).
 */
export const gridTop = (entries: number) => 56 + 22 * (Math.ceil(entries / LEGEND_PER_ROW) - 1);

const baseOption = (years: number[], entries: number) => ({
  color: PALETTE,
  grid: { left: 8, right: 8, top: gridTop(entries), bottom: 8 },
  legend: { top: 0, left: 'center', itemWidth: 14, itemHeight: 10, textStyle: { fontSize: 12 } },
  xAxis: { type: 'category' as const, data: years.map((y) => `${y}年`), axisTick: { alignWithLabel: true } },
});

/** 互助待遇统计: amount granted and paid as bars (元, left axis), the count as a line (笔, right axis). */
export function treatmentChartOption(data: TreatmentYears): HomeChartOption {
  return {
    ...baseOption(
      data.list.map((y) => y.year),
      3,
    ),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: (params) => treatmentTooltip(data, axisIndexOf(params)) },
    yAxis: [
      { type: 'value', name: '金额（元）', axisLabel: { formatter: axisMoney }, nameTextStyle: { align: 'left' } },
      { type: 'value', name: '笔数', minInterval: 1, splitLine: { show: false }, nameTextStyle: { align: 'right' } },
    ],
    series: [
      { name: '核定金额', type: 'bar', barMaxWidth: 28, data: data.list.map((y) => toYuan(y.amountFen)) },
      { name: '已发放金额', type: 'bar', barMaxWidth: 28, data: data.list.map((y) => toYuan(y.paidFen)) },
      {
        name: '待遇笔数',
        type: 'line',
        yAxisIndex: 1,
        color: COUNT_COLOUR,
        symbolSize: 7,
        data: data.list.map((y) => y.count),
      },
    ],
  };
}

/** Claim types drawn: those with something paid in some year (a legend of five empty types helps no one). */
const drawnTypes = (data: ClaimYears) =>
  data.types.filter((t) => data.list.some((y) => y.byType.some((b) => b.type === t.type && (b.count > 0 || b.amountFen > 0))));

/** The tooltip of one year of the claim chart: each type's 频次 and amount, then the year's total. */
export function claimTooltip(data: ClaimYears, index: number): string {
  const y = data.list[index];
  if (!y) return '';
  const lines = drawnTypes(data).map((t, i) => {
    const b = y.byType.find((x) => x.type === t.type) ?? { count: 0, amountFen: 0 };
    return tooltipLine(PALETTE[i % PALETTE.length], `${t.label}：`, `${b.count}次 ${money(b.amountFen)}`);
  });
  return [
    `<div class="home-chart-tip__title">${y.year}年度</div>`,
    ...lines,
    `<div class="home-chart-tip__total">合计：${y.count}次 ${money(y.amountFen)}</div>`,
  ].join('');
}

/**
 * 补助发放统计: the amount paid per year stacked by claim type (元, left axis; the stack's height is
 * the year's total) and the number of claims paid (频次) as a line (次, right axis).
 */
export function claimChartOption(data: ClaimYears): HomeChartOption {
  return {
    ...baseOption(
      data.list.map((y) => y.year),
      drawnTypes(data).length + 1,
    ),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: (params) => claimTooltip(data, axisIndexOf(params)) },
    yAxis: [
      { type: 'value', name: '金额（元）', axisLabel: { formatter: axisMoney }, nameTextStyle: { align: 'left' } },
      { type: 'value', name: '频次', minInterval: 1, splitLine: { show: false }, nameTextStyle: { align: 'right' } },
    ],
    series: [
      ...drawnTypes(data).map(
        (t): BarSeriesOption => ({
          name: t.label,
          type: 'bar',
          stack: 'amount',
          barMaxWidth: 32,
          data: data.list.map((y) => toYuan(y.byType.find((b) => b.type === t.type)?.amountFen ?? 0)),
        }),
      ),
      {
        name: '补助频次',
        type: 'line',
        yAxisIndex: 1,
        color: COUNT_COLOUR,
        symbolSize: 7,
        data: data.list.map((y) => y.count),
      },
    ],
  };
}
