import { CLAIM_STATE_LABELS, opsClaimContracts as calls, stayDays } from '@hall/shared';
import { approveClaim, claimDetail, listClaims, payClaims, refuseClaim, returnClaim } from '../../modules/claims/claim-operator.service';
import { beijing, callFields, money, type Command } from './flags';

/**
 * Subsidy claims from the city union's side (市总审核 and payment): thin layers over
 * modules/claims/claim-operator.service.ts, which the operator API uses too; each reads its flags
 * with its call's request schema (--no is the field `claim`).
 */

/** The stay's length, as the rules count it (the claim records it for the hospital allowance only). */
const stay = (c: { admittedOn: string | null; dischargedOn: string | null; days: number | null }) => {
  const days = c.days ?? (c.admittedOn && c.dischargedOn && c.admittedOn <= c.dischargedOn ? stayDays(c.admittedOn, c.dischargedOn) : null);
  return days === null ? '' : `（${days}天）`;
};

export const claimCommands: Record<string, Command> = {
  'claim-list': {
    audited: false,
    summary: '列出补助申请（默认待市总审核的，最早提交在前；--state 选其他状态）',
    usage: `[--state ${Object.keys(CLAIM_STATE_LABELS).join('|')}]`,
    async run(ctx, flags) {
      const { state = 'city_review' } = callFields(calls.opsClaimList, { state: flags.state });
      const { list } = await listClaims(ctx, state);
      if (list.length === 0) return `没有“${CLAIM_STATE_LABELS[state]}”的补助申请`;
      const total = list.reduce((s, c) => s + c.amountFen, 0);
      return [
        ...list.map(
          (c) =>
            `${c.claimNo}  ${c.typeLabel}  ${c.personName}（${c.certNo}）  ${c.unitName}（${c.uact}）  ${money(c.amountFen)}  ${c.stateLabel}  提交 ${beijing(c.submittedAt)}${c.hasBankCard ? '' : '  【未登记银行卡】'}`,
        ),
        `共 ${list.length} 笔，合计 ${money(total)}`,
      ].join('\n');
    },
  },
  'claim-show': {
    audited: false,
    summary: '查看一笔补助申请（住院、诊断、金额、材料、办理记录）',
    usage: '--no <申请号 BZ…>',
    async run(ctx, flags) {
      const d = await claimDetail(ctx, callFields(calls.opsClaimDetail, { claim: flags.no }).claim);
      const c = d.claim;
      return [
        `${c.claimNo}  ${c.typeLabel}  【${c.stateLabel}】  ${money(c.amountFen)}`,
        `  ${c.personName}（${c.certNo}）  ${c.unitName}  ${c.periodYear}年度 ${c.productName}  ${c.filedBy === 'unit' ? '单位代办' : '职工申请'}`,
        ...(c.admittedOn
          ? [
              `  住院 ${c.admittedOn} 至 ${c.dischargedOn ?? '—'}${stay(c)}  ${c.hospitalName ?? ''}  诊断 ${c.diagnosisCode ?? ''} ${c.diagnosisName ?? ''}`,
            ]
          : []),
        ...(c.invoiceFen !== null ? [`  发票政策范围内个人自付 ${money(c.invoiceFen)}`] : []),
        `  银行卡 ${c.bankName ?? ''} ${c.bankCard ?? '未登记'}`,
        ...(c.reason ? [`  原因：${c.reason}`] : []),
        '  材料：',
        ...d.required.map((r) => `    ${r.present ? '✓' : '✗'} ${r.label}（必需）`),
        ...d.attachments.map((a) => `    [${a.id}] ${a.kindLabel}  ${a.name}  ${Math.ceil(a.size / 1024)}KB`),
        '  办理记录：',
        ...d.events.map((e) => `    ${beijing(e.at)}  ${e.actorName}  ${e.fromLabel ?? '—'} → ${e.toLabel}${e.note ? `  ${e.note}` : ''}`),
      ].join('\n');
    },
  },
  'claim-approve': {
    audited: true,
    summary: '市总审核通过补助申请（--amount 为核定金额，元；缺省为系统计算金额；只能调低，调低须 --note）',
    usage: '--no <申请号 BZ…> [--amount <元>] [--note <说明>]',
    async run(ctx, flags, operator) {
      const r = await approveClaim(
        ctx,
        operator,
        callFields(calls.opsClaimApprove, { claim: flags.no, amount: flags.amount, note: flags.note }),
      );
      return `补助申请 ${r.claimNo} 审核通过，核定金额 ${money(r.amountFen)}，转入待发放`;
    },
  },
  'claim-return': {
    audited: true,
    summary: '退回补助申请补正（--reason 写明需补正的内容）',
    usage: '--no <申请号 BZ…> --reason <需补正的内容>',
    async run(ctx, flags, operator) {
      const r = await returnClaim(ctx, operator, callFields(calls.opsClaimReturn, { claim: flags.no, reason: flags.reason }));
      return `补助申请 ${r.claimNo} 已退回补正`;
    },
  },
  'claim-refuse': {
    audited: true,
    summary: '不予补助（--reason 写明原因；不可撤回）',
    usage: '--no <申请号 BZ…> --reason <原因>',
    async run(ctx, flags, operator) {
      const r = await refuseClaim(ctx, operator, callFields(calls.opsClaimRefuse, { claim: flags.no, reason: flags.reason }));
      return `补助申请 ${r.claimNo} 不予补助`;
    },
  },
  'claim-pay': {
    audited: true,
    summary: '发放全部待发放的补助（一个批次；没有银行卡的保持待发放并列出）',
    usage: '[--paid-on YYYY-MM-DD]',
    async run(ctx, flags, operator) {
      const r = await payClaims(ctx, operator, callFields(calls.opsClaimPay, { paidOn: flags['paid-on'] }).paidOn);
      const lines =
        r.batchNo === null
          ? ['没有可发放的补助']
          : [
              `发放批次 ${r.batchNo}（${r.paidOn}）：${r.count} 笔，合计 ${money(r.totalFen)}`,
              ...r.paid.map((p) => `  ${p.claimNo}  ${p.personName}  ${money(p.amountFen)}`),
            ];
      if (r.skipped.length)
        lines.push(`未发放 ${r.skipped.length} 笔：`, ...r.skipped.map((s) => `  ${s.claimNo}  ${s.personName}  ${s.reason}`));
      return lines.join('\n');
    },
  },
};
