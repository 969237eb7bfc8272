import { opsTreatmentContracts as calls } from '@hall/shared';
import { listTreatments, payTreatments } from '../../modules/settlement/payout.service';
import { loadSettlements } from '../../modules/settlement/settlement.service';
import { callFields, loadFile, money, optional, refusedRows, type Command } from './flags';

/**
 * Settlements and treatments from the city union's side (issue 9): the bureau's settlement file,
 * the treatments it gives, payout batches. Thin layers over modules/settlement, which the operator
 * API uses too; the list and the payout read their flags with their call's request schema.
 */

/** --state may also be the state's Chinese word. */
const STATE_WORDS: Record<string, string> = { 无待遇: 'none', 待发放: 'pending', 已发放: 'paid' };

export const benefitCommands: Record<string, Command> = {
  'settlement-load': {
    audited: true,
    summary: '导入医保结算文件（.xlsx 或 .csv；按结算单号幂等，更正或冲销替换原结算），并重新计算互助待遇',
    usage: '--file <文件>',
    async run(ctx, flags, operator) {
      const r = await loadSettlements(ctx, operator, await loadFile(flags, '医保结算文件'));
      const t = r.treatments;
      const lines = [
        `医保结算已导入（批次 ${r.loadId}）：共 ${r.rows} 行，新增 ${r.added}，更正或冲销 ${r.replaced}，未变 ${r.unchanged}，非本大厅人员 ${r.skipped}，有误 ${r.rejected}`,
        `互助待遇：重新计算 ${t.persons} 人次，写入 ${t.written} 条，新增待发放 ${t.payable} 条，待冲减 ${t.setOff} 条`,
      ];
      if (r.outsidePeriods) lines.push(`出院日期不在任何互助期内的结算 ${r.outsidePeriods} 条（已导入，不计算待遇）`);
      return [...lines, ...refusedRows(r.errors, r.rejected)].join('\n');
    },
  },
  'treatment-list': {
    audited: true,
    summary: '列出互助待遇（--state none|pending|paid 或 无待遇|待发放|已发放；新的在前，最多1000条）',
    usage: '[--state <状态>] [--period <年度>] [--cert <身份证号码>] [--limit <条数>]',
    async run(ctx, flags, operator) {
      const state = optional(flags, 'state');
      const fields = callFields(calls.opsTreatmentList, {
        state: state === undefined ? undefined : (STATE_WORDS[state] ?? state),
        year: flags.period,
        certNo: flags.cert,
        limit: flags.limit,
      });
      const { list, total } = await listTreatments(ctx, operator, fields);
      if (list.length === 0) return '没有符合条件的互助待遇';
      return [
        ...list.map(
          (r) =>
            `${r.id}  ${r.year}  ${r.name}  ${r.certNo}  ${r.productCode}  ${r.hospitalName}  出院 ${r.dischargedOn}  待遇 ${money(r.amountFen)}  已发 ${money(r.paidFen)}  【${r.stateLabel}】${r.reason ? `  ${r.reason}` : ''}${r.hold ? `  ⚠ ${r.hold}` : ''}${r.batchNo ? `  批次 ${r.batchNo}` : ''}`,
        ),
        `共 ${total.count} 条（列出 ${list.length} 条），待遇合计 ${money(total.amountFen)}，已发放 ${money(total.paidFen)}，未结 ${money(total.dueFen)}`,
      ].join('\n');
    },
  },
  'treatment-pay': {
    audited: true,
    summary: '发放互助待遇：全部待发放的（或某年度的）组成一个发放批次，发放到本人银行卡（同一人的冲减与应发轧差）',
    usage: '[--period <年度>] [--paid-on <发放日期 YYYY-MM-DD，默认今天>]',
    async run(ctx, flags, operator) {
      const r = await payTreatments(ctx, operator, callFields(calls.opsTreatmentPay, { year: flags.period, paidOn: flags['paid-on'] }));
      const lines = [
        `发放批次 ${r.batchNo}（${r.paidOn}）：${r.persons} 人 ${r.count} 笔，转账合计 ${money(r.totalFen)}${r.setOffFen ? `（含冲减 ${money(r.setOffFen)}）` : ''}`,
      ];
      if (r.heldCount) {
        lines.push(`留待以后发放 ${r.heldCount} 人：`, ...r.held.map((h) => `  ${h.name}  ${h.certNo}  ${money(h.dueFen)}  ${h.reason}`));
        if (r.heldCount > r.held.length) lines.push(`  ……另有 ${r.heldCount - r.held.length} 人`);
      }
      return lines.join('\n');
    },
  },
};
