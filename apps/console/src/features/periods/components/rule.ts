import { yuan } from '@hall/shared/enrolment/index.ts';
import type { BenefitRule } from '../api/period-list';

const money = (fen: number) => `¥${yuan(fen)}`;

/** A benefit rule in the clerk's words, one part a line: deductible, bands, cap, lump sum, allowance. */
export function ruleLines(rule: BenefitRule): string[] {
  const lines: string[] = [];
  if (rule.deductibleFen) lines.push(`起付线 ${money(rule.deductibleFen)}`);
  // One band a line: a rule of five bands stays readable in its column.
  let from = 0;
  for (const band of rule.bands ?? []) {
    lines.push(
      band.uptoFen === null ? `${money(from)} 以上按 ${band.ratioPct}%` : `${money(from)}–${money(band.uptoFen)} 按 ${band.ratioPct}%`,
    );
    from = band.uptoFen ?? from;
  }
  if (rule.capFen) lines.push(`年度封顶 ${money(rule.capFen)}`);
  if (rule.lumpSumFen) lines.push(`一次性补助 ${money(rule.lumpSumFen)}/份`);
  if (rule.dailyFen) lines.push(`住院津贴 ${money(rule.dailyFen)}/天${rule.maxDays ? `，最多 ${rule.maxDays} 天` : ''}`);
  if (rule.hardshipFen) lines.push(`困难补助 ${money(rule.hardshipFen)}`);
  return lines.length ? lines : ['（无待遇规则）'];
}
