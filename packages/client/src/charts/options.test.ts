import { describe, expect, it } from 'vitest';
import {
  axisMoney,
  barsOption,
  barsSummary,
  type ClaimYears,
  chartSummary,
  claimChartOption,
  claimTooltip,
  gridTop,
  type TreatmentYears,
  treatmentChartOption,
  treatmentTooltip,
} from './options';

const TYPES = [
  { type: 'major_disease', label: '重大疾病补助' },
  { type: 'female_disease', label: '女职工特殊疾病补助' },
  { type: 'hospital_allowance', label: '住院生活补助' },
  { type: 'hardship', label: '困难职工补助' },
  { type: 'manual', label: '手工报销' },
];

const treatments: TreatmentYears = {
  fromYear: 2022,
  toYear: 2026,
  scope: { units: 1 },
  list: [
    { year: 2022, count: 0, amountFen: 0, paidFen: 0 },
    { year: 2023, count: 0, amountFen: 0, paidFen: 0 },
    { year: 2024, count: 1, amountFen: 30_000, paidFen: 30_000 },
    { year: 2025, count: 1, amountFen: 20_001, paidFen: 0 },
    { year: 2026, count: 2, amountFen: 150_000, paidFen: 100_000 },
  ],
};

const byType = (over: Record<string, [number, number]>) =>
  TYPES.map(({ type }) => ({ type, count: over[type]?.[0] ?? 0, amountFen: over[type]?.[1] ?? 0 }));

const claims: ClaimYears = {
  fromYear: 2024,
  toYear: 2026,
  scope: { units: 3 },
  types: TYPES,
  list: [
    { year: 2024, count: 0, amountFen: 0, byType: byType({}) },
    { year: 2025, count: 1, amountFen: 50_000, byType: byType({ hospital_allowance: [1, 50_000] }) },
    {
      year: 2026,
      count: 3,
      amountFen: 1_850_000,
      byType: byType({ major_disease: [1, 1_500_000], hospital_allowance: [1, 150_000], hardship: [1, 200_000] }),
    },
  ],
};

type Series = { name: string; type: string; data: number[]; yAxisIndex?: number; stack?: string };
const seriesOf = (option: { series?: unknown }) => option.series as Series[];

describe('treatmentChartOption', () => {
  const option = treatmentChartOption(treatments);

  it('one category per year, in order', () => {
    expect((option.xAxis as { data: string[] }).data).toEqual(['2022年', '2023年', '2024年', '2025年', '2026年']);
  });

  it.each([
    ['核定金额', 'bar', [0, 0, 300, 200.01, 1500], undefined],
    ['已发放金额', 'bar', [0, 0, 300, 0, 1000], undefined],
    ['待遇笔数', 'line', [0, 0, 1, 1, 2], 1],
  ])('%s: %s in 元 (counts on the second axis)', (name, type, data, axis) => {
    const s = seriesOf(option).find((x) => x.name === name)!;
    expect(s).toMatchObject({ type, data });
    expect(s.yAxisIndex).toBe(axis);
  });

  it('two value axes: amounts in 元, counts in whole numbers', () => {
    expect(option.yAxis).toMatchObject([{ name: '金额（元）' }, { name: '笔数', minInterval: 1 }]);
  });

  it('the tooltip gives the year exactly in ¥ and 笔, in Chinese', () => {
    const tip = treatmentTooltip(treatments, 3);
    expect(tip).toContain('2025年度');
    expect(tip).toContain('核定金额：<b>¥200.01</b>');
    expect(tip).toContain('已发放金额：<b>¥0.00</b>');
    expect(tip).toContain('待遇笔数：<b>1笔</b>');
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter([{ dataIndex: 4 }])).toBe(treatmentTooltip(treatments, 4));
    expect(treatmentTooltip(treatments, 9)).toBe('');
  });
});

describe('claimChartOption', () => {
  const option = claimChartOption(claims);

  it('stacks the amount by claim type, only the types with something paid, and draws the 频次 as a line', () => {
    expect(seriesOf(option).map((s) => [s.name, s.type, s.stack])).toEqual([
      ['重大疾病补助', 'bar', 'amount'],
      ['住院生活补助', 'bar', 'amount'],
      ['困难职工补助', 'bar', 'amount'],
      ['补助频次', 'line', undefined],
    ]);
    expect(seriesOf(option)[0].data).toEqual([0, 0, 15_000]);
    expect(seriesOf(option)[1].data).toEqual([0, 500, 1500]);
    expect(seriesOf(option)[3]).toMatchObject({ data: [0, 1, 3], yAxisIndex: 1 });
  });

  it('starts the plot below a legend that wraps: a row of four entries, 22 px a further row', () => {
    expect([1, 4, 5, 8, 9].map(gridTop)).toEqual([56, 56, 78, 78, 100]);
    expect((option.grid as { top: number }).top).toBe(56); // three types and 补助频次
    const fiveTypes = { ...claims, list: claims.list.map((y) => ({ ...y, byType: y.byType.map((b) => ({ ...b, count: 1 })) })) };
    expect((claimChartOption(fiveTypes).grid as { top: number }).top).toBe(78);
  });

  it('the stacks add up to the year totals', () => {
    const bars = seriesOf(option).filter((s) => s.type === 'bar');
    claims.list.forEach((y, i) => {
      expect(bars.reduce((sum, s) => sum + s.data[i] * 100, 0)).toBe(y.amountFen);
    });
  });

  it('the tooltip lists each type with 次 and ¥, then the total', () => {
    const tip = claimTooltip(claims, 2);
    expect(tip).toContain('2026年度');
    expect(tip).toContain('重大疾病补助：<b>1次 ¥15,000.00</b>');
    expect(tip).toContain('住院生活补助：<b>1次 ¥1,500.00</b>');
    expect(tip).toContain('合计：3次 ¥18,500.00');
    expect(tip).not.toContain('手工报销');
  });
});

describe('axis labels and the words of a chart', () => {
  it.each([
    [0, '0'],
    [9_999, '9999'],
    [15_000, '1.5万'],
    [120_000, '12万'],
    [250_000_000, '2.5亿'],
  ])('axisMoney(%d) = %s', (value, text) => {
    expect(axisMoney(value)).toBe(text);
  });

  it('says each year in words', () => {
    expect(chartSummary('claim', claims.list)).toBe('已发放补助：2024年度0次¥0.00，2025年度1次¥500.00，2026年度3次¥18,500.00');
  });
});

describe('barsOption', () => {
  const spec = {
    labels: ['星辰科技', '联合工会'],
    bars: [
      { name: '应缴金额', fen: [123_456, 1] },
      { name: '实缴金额', fen: [100_000, 0] },
    ],
    rate: { name: '缴费率', values: [0.81, null] },
  };

  it('draws fen as 元 exactly and a rate as per cent on a second axis', () => {
    const option = barsOption(spec);
    const series = option.series as Array<{ type: string; data: Array<number | null>; yAxisIndex?: number }>;
    expect(series.map((s) => s.type)).toEqual(['bar', 'bar', 'line']);
    expect(series[0].data).toEqual([1234.56, 0.01]);
    expect(series[2]).toMatchObject({ yAxisIndex: 1, data: [81, null] });
    expect((option.yAxis as unknown[]).length).toBe(2);
  });

  it('has one axis without a rate, and slants many labels or several long ones', () => {
    const rotation = (labels: string[]) =>
      (barsOption({ labels, bars: [{ name: '金额', fen: labels.map(() => 0) }] }).xAxis as { axisLabel: { rotate: number } }).axisLabel
        .rotate;
    const many = Array.from({ length: 12 }, (_, i) => `${i + 1}月`);
    expect((barsOption({ labels: many, bars: [] }).yAxis as unknown[]).length).toBe(1);
    expect(rotation(many)).toBe(30);
    expect(rotation(['长沙市高新区联合基层工会', '长沙市星辰科技有限公司'])).toBe(30);
    expect(rotation(['长沙市高新区联合基层工会'])).toBe(0);
    expect(rotation(['住院医疗互助', '重大疾病互助'])).toBe(0);
  });

  it('says the chart in words', () => {
    expect(barsSummary(spec)).toBe('星辰科技应缴金额¥1,234.56、实缴金额¥1,000.00；联合工会应缴金额¥0.01、实缴金额¥0.00');
  });
});
