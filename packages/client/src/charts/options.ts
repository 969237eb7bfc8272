import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { CallData } from '@hall/shared/contracts/define.ts';
import type { homeCalls } from '@hall/shared/contracts/home.ts';
import { yuan } from '@hall/shared/enrolment/index.ts';

/**
 * The one options builder of the charts of both apps (drawn by EChart.tsx), pure functions of
 * the answers, table-tested without a canvas (options.test.ts). Amounts arrive in fen and are
 * drawn in 元, rates in per cent. The home charts (a unit's or person's years) and the reports'
 * bars (the console's 统计报表, a union's own report on its /Home).
 */
export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export type TreatmentYears = CallData<typeof homeCalls.treatDataYear>;
export type ClaimYears = CallData<typeof homeCalls.subsidyFrequencyAmount>;

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
  `<div class="chart-tip__line"><span class="chart-tip__dot" style="background:${colour}"></span>${label}<b>${value}</b></div>`;

/** The tooltip of one year of the treatment chart. */
export function treatmentTooltip(data: TreatmentYears, index: number): string {
  const y = data.list[index];
  if (!y) return '';
  return [
    `<div class="chart-tip__title">${y.year}年度</div>`,
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
export function treatmentChartOption(data: TreatmentYears): ChartOption {
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
    `<div class="chart-tip__title">${y.year}年度</div>`,
    ...lines,
    `<div class="chart-tip__total">合计：${y.count}次 ${money(y.amountFen)}</div>`,
  ].join('');
}

/**
 * 补助发放统计: the amount paid per year stacked by claim type (元, left axis; the stack's height is
 * the year's total) and the number of claims paid (频次) as a line (次, right axis).
 */
export function claimChartOption(data: ClaimYears): ChartOption {
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

// The reports' bars.

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 10_000) / 100);

/** A bar of each amount by label, with an optional line of a rate (right axis, %). */
export interface BarsSpec {
  labels: string[];
  bars: Array<{ name: string; fen: number[] }>;
  rate?: { name: string; values: Array<number | null> };
}

/** Labels slant when many, or long ones several (unit names side by side run into each other on a phone). */
const slanted = (labels: string[]) => labels.length > 8 || (labels.length > 1 && Math.max(...labels.map((l) => l.length)) > 6);

export function barsOption(spec: BarsSpec): ChartOption {
  return {
    color: ['#1677ff', '#52c41a', '#faad14', '#722ed1'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    // The plot starts below the legend and the axis names (元, %), which otherwise meet on a phone.
    grid: { left: 64, right: spec.rate ? 56 : 24, top: 52, bottom: 64 },
    xAxis: {
      type: 'category',
      data: spec.labels,
      // A long name is cut with … (the tooltip gives it whole).
      axisLabel: { interval: 0, rotate: slanted(spec.labels) ? 30 : 0, width: 96, overflow: 'truncate' },
    },
    yAxis: [{ type: 'value', name: '元' }, ...(spec.rate ? [{ type: 'value' as const, name: '%', splitLine: { show: false } }] : [])],
    series: [
      ...spec.bars.map((b) => ({ type: 'bar' as const, name: b.name, data: b.fen.map(toYuan) })),
      ...(spec.rate ? [{ type: 'line' as const, name: spec.rate.name, yAxisIndex: 1, data: spec.rate.values.map(percent) }] : []),
    ],
  };
}

/** The chart in words (its accessible name): each label with its amounts. */
export const barsSummary = (spec: BarsSpec) =>
  spec.labels.map((label, i) => `${label}${spec.bars.map((b) => `${b.name}¥${yuan(b.fen[i] ?? 0)}`).join('、')}`).join('；');
