import { ELIGIBILITY_LABELS, fenOfYuan, opsContracts as calls } from '@hall/shared';
import { sendMessage } from '../../modules/operator/message.service';
import { confirmPayment } from '../../modules/operator/payment.service';
import { listPeriods, setPeriod, setProduct } from '../../modules/operator/periods.service';
import { loadRegistry } from '../../modules/operator/registry.service';
import { listPayables, listWaiting } from '../../modules/operator/waiting.service';
import { editProductRecomputing } from '../../modules/settlement/rule-change.service';
import { beijing, callFields, loadFile, money, optional, readText, refusedRows, UsageError, type Command } from './flags';

/**
 * Mutual-aid enrolment from the city union's side: periods and products, the bureau's insured
 * registry, payment confirmation, messages and what waits. Each is a thin layer over the
 * operator services (modules/operator), which the operator API uses too, and reads its flags with
 * its call's request schema.
 */

export const enrolmentCommands: Record<string, Command> = {
  'period-list': {
    audited: false,
    summary: '列出互助期及其险种（费率、份数、参加范围）',
    usage: '',
    async run(ctx) {
      const periods = await listPeriods(ctx);
      if (periods.length === 0) return '尚未设置互助期';
      return periods
        .map((p) =>
          [
            `${p.year}年度  ${p.name}  【${p.phaseLabel}】`,
            `  保障期 ${p.startDate} 至 ${p.endDate}；申报 ${p.enrolStart} 至 ${p.enrolEnd}；缴费截止 ${p.payDeadline}；等待期 ${p.waitingDays} 天`,
            ...(p.products.length
              ? p.products.map(
                  (x) => `  - ${x.code} ${x.name}  ${money(x.rateFen)}/份  最多${x.maxShares}份  ${x.eligibilityLabel}  排序${x.sort}`,
                )
              : ['  （尚无险种）']),
          ].join('\n'),
        )
        .join('\n');
    },
  },
  'period-set': {
    audited: true,
    summary: '新建或修改互助期（年度不存在则新建，未给出的日期按惯例：当年保障，上年11-12月申报）',
    usage:
      '--year <年度> [--name <名称>] [--start YYYY-MM-DD] [--end YYYY-MM-DD] [--enrol-start YYYY-MM-DD] [--enrol-end YYYY-MM-DD] [--pay-deadline YYYY-MM-DD] [--waiting-days <天数>]',
    async run(ctx, flags, operator) {
      // A new year is created, a known one edited: both calls take these fields.
      const fields = callFields(calls.opsPeriodCreate, {
        year: flags.year,
        name: flags.name,
        startDate: flags.start,
        endDate: flags.end,
        enrolStart: flags['enrol-start'],
        enrolEnd: flags['enrol-end'],
        payDeadline: flags['pay-deadline'],
        waitingDays: flags['waiting-days'],
      });
      const { created, period } = await setPeriod(ctx, operator, fields);
      return `${created ? '已新建' : '已修改'}${period.year}年度互助期：保障期 ${period.startDate} 至 ${period.endDate}，申报 ${period.enrolStart} 至 ${period.enrolEnd}，缴费截止 ${period.payDeadline}，等待期 ${period.waitingDays} 天`;
    },
  },
  'product-set': {
    audited: true,
    summary: '新建或修改互助期的险种（已有有效申报的险种不能改费率）',
    usage:
      '--year <年度> --code <险种代码> [--name <名称>] [--rate <每份元>] [--max-shares <1-10>] [--eligibility all|female] [--rule-file <待遇规则.json>] [--confirm-recompute] [--sort <排序>]',
    async run(ctx, flags, operator) {
      const rate = optional(flags, 'rate');
      const rateFen = rate === undefined ? undefined : fenOfYuan(rate);
      if (rateFen === null) throw new UsageError('--rate 须为每份的元金额，最多两位小数，如 60 或 36.50');
      const ruleFile = optional(flags, 'rule-file');
      let benefitRule: unknown;
      if (ruleFile) {
        try {
          benefitRule = JSON.parse(await readText(ruleFile));
        } catch (error) {
          if (error instanceof UsageError) throw error;
          throw new UsageError(`待遇规则文件不是有效的 JSON：${ruleFile}`);
        }
      }
      // A new code is created, a known one edited: both calls take these fields.
      const fields = callFields(calls.opsProductCreate, {
        year: flags.year,
        code: flags.code,
        name: flags.name,
        rateFen,
        maxShares: flags['max-shares'],
        eligibility: flags.eligibility,
        benefitRule,
        sort: flags.sort,
      });
      // A new rule of a period with computed treatments recomputes them, shown first (--confirm-recompute then).
      const confirmRecompute = flags['confirm-recompute'] === true;
      const edit = (f: typeof fields) => editProductRecomputing(ctx, operator, { ...f, confirmRecompute });
      const { created, product } = await setProduct(ctx, operator, fields, edit);
      return `${created ? '已新建' : '已修改'}险种 ${product.code} ${product.name}：${money(product.rateFen)}/份，最多${product.maxShares}份，${ELIGIBILITY_LABELS[product.eligibility]}`;
    },
  },
  'registry-load': {
    audited: true,
    summary: '导入医保参保登记文件（.xlsx 或 .csv；列：类型、统一社会信用代码或身份证号码、名称、参保状态、参保日期）',
    usage: '--file <文件>',
    async run(ctx, flags, operator) {
      const r = await loadRegistry(ctx, operator, await loadFile(flags, '参保登记文件'));
      const lines = [
        `参保登记已导入（批次 ${r.loadId}）：共 ${r.rows} 行，新增 ${r.added}，变更 ${r.changed}，未变 ${r.unchanged}，有误 ${r.errorCount}`,
        `单位参保状态变化 ${r.units.length} 个，个人 ${r.persons} 人`,
        ...r.units.map((u) => `  ${u.uact} → ${u.insured ? '参保' : '停保'}`),
      ];
      return [...lines, ...refusedRows(r.errors, r.errorCount)].join('\n');
    },
  },
  'payment-confirm': {
    audited: true,
    summary: '确认互助申请缴费（金额须与应缴金额一致；凭证号不可重复），生成参保记录',
    usage: '--application <申请编号或申请号 SQ…> --amount <元> --date <缴费日期 YYYY-MM-DD> --voucher <凭证号>',
    async run(ctx, flags, operator) {
      const fields = callFields(calls.opsPaymentConfirm, {
        application: flags.application,
        amount: flags.amount,
        paidOn: flags.date,
        voucherNo: flags.voucher,
      });
      const r = await confirmPayment(ctx, operator, fields);
      if (r.state === 'entered')
        return `已登记 ${r.empName}（${r.uact}）申请 ${r.applicationNo} 缴费 ${money(r.amountFen)}（超过复核金额），须由另一名财务人员以相同的金额、日期和凭证号复核确认`;
      const starts =
        r.continuing === 0
          ? `保障自 ${r.coveredFromNew} 起`
          : r.continuing === r.coverages
            ? `均为连续参保，保障自 ${r.coveredFromContinuing} 起`
            : `连续参保 ${r.continuing} 条自 ${r.coveredFromContinuing} 起，其余自 ${r.coveredFromNew} 起`;
      const checked = r.enteredBy ? `（复核 ${r.enteredBy} 的登记）` : '';
      return `已确认 ${r.empName}（${r.uact}）申请 ${r.applicationNo} 缴费 ${money(r.amountFen)}${checked}，缴费日期 ${r.paidOn}，凭证号 ${r.voucherNo}；生成参保记录 ${r.coverages} 条，${starts}`;
    },
  },
  'payable-list': {
    audited: false,
    summary: '列出待缴费的互助申请（按缴费截止日期；--overdue 仅列逾期）',
    usage: '[--overdue] [--year <年度>]',
    async run(ctx, flags) {
      const fields = callFields(calls.opsPayableList, { overdue: flags.overdue, year: flags.year });
      const { list } = await listPayables(ctx, '', fields);
      if (list.length === 0) return fields.overdue === true ? '没有逾期未缴费的申请' : '没有待缴费的申请';
      const total = list.reduce((s, r) => s + r.amountFen, 0);
      return [
        ...list.map(
          (r) =>
            `${r.applicationNo}  ${r.uact}  ${r.empName}  ${r.headcount}人  ${money(r.amountFen)}  截止 ${r.payDeadline}  ${r.overdue ? `逾期${-r.daysLeft}天` : `剩${r.daysLeft}天`}`,
        ),
        `共 ${list.length} 笔，合计 ${money(total)}`,
      ].join('\n');
    },
  },
  'message-send': {
    audited: true,
    summary: '给单位（单位账号）或个人（身份证号码）发送站内信',
    usage: '--to <单位账号|身份证号码> --title <标题> --content-file <正文.txt>',
    async run(ctx, flags, operator) {
      const file = optional(flags, 'content-file');
      const fields = callFields(calls.opsMailSend, { to: flags.to, title: flags.title, content: file ? await readText(file) : undefined });
      const r = await sendMessage(ctx, operator, fields);
      return `已向${r.kind === 'unit' ? '单位' : '个人'} ${r.name}（${r.key}）发送站内信《${r.title}》`;
    },
  },
  'waiting-list': {
    audited: false,
    summary: '列出待办：待审核的注册、临近或超过缴费截止的申请、工会超期未审核的申请',
    usage: '[--days <工会未审核超过天数，默认7>] [--due-days <距缴费截止天数，默认7>]',
    async run(ctx, flags) {
      const w = await listWaiting(ctx, '', callFields(calls.opsWaitingList, { reviewDays: flags.days, dueDays: flags['due-days'] }));
      const lines = [`待审核的单位注册 ${w.registrations.length} 个`];
      for (const r of w.registrations) lines.push(`  ${r.uact}  ${r.empName}  ${r.parentName ?? '—'}  ${beijing(r.submittedAt)}`);
      lines.push(`待缴费（逾期或 ${w.dueDays} 天内截止）${w.unpaid.length} 笔`);
      for (const r of w.unpaid)
        lines.push(
          `  ${r.applicationNo}  ${r.uact}  ${r.empName}  ${money(r.amountFen)}  截止 ${r.payDeadline}  ${r.overdue ? `逾期${-r.daysLeft}天` : `剩${r.daysLeft}天`}`,
        );
      lines.push(`工会超过 ${w.reviewDays} 天未审核的申请 ${w.reviews.length} 笔`);
      for (const r of w.reviews)
        lines.push(`  ${r.applicationNo}  ${r.uact}  ${r.empName}  待 ${r.unionName}（${r.unionUact}）审核  已等 ${r.waitingDays} 天`);
      return lines.join('\n');
    },
  },
};
