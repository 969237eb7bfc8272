import { FILING_STATE_LABELS, personalContracts as calls, TRANSFER_STATE_LABELS } from '@hall/shared';
import { confirmFiling, opsFilingList, returnFiling } from '../../modules/transfer/filing.service';
import { confirmTransfer, opsTransferList, returnTransfer } from '../../modules/transfer/transfer.service';
import { callFields, type Command } from './flags';

/**
 * Coverage transfers between units and 异地就医备案 from the city union's side: thin layers over
 * modules/transfer (the operator API uses the same services), each reading its flags with its
 * call's request schema.
 */

export const transferCommands: Record<string, Command> = {
  'transfer-list': {
    audited: false,
    summary: '列出关系转移申请（默认待审核的；--state 选其他状态）',
    usage: `[--state ${Object.keys(TRANSFER_STATE_LABELS).join('|')}]`,
    async run(ctx, flags) {
      const { state = 'reviewing' } = callFields(calls.opsTransferList, { state: flags.state });
      const { list } = await opsTransferList(ctx, state);
      if (list.length === 0) return `没有“${TRANSFER_STATE_LABELS[state]}”的关系转移申请`;
      return list
        .map(
          (t) =>
            `[${t.id}] ${t.personName}（${t.certNo}）  ${t.fromUnitName}（${t.fromUact}） → ${t.toUnitName}（${t.toUact}）  转移日期 ${t.transferDate}  ${t.stateLabel}`,
        )
        .join('\n');
    },
  },
  'transfer-confirm': {
    audited: true,
    summary: '确认关系转移：保障自转移日期起转入新单位（不中断、不重复、无新等待期）',
    usage: '--id <编号>',
    async run(ctx, flags, operator) {
      const t = await confirmTransfer(ctx, operator, callFields(calls.opsTransferConfirm, { id: flags.id }).id);
      return `已确认：${t.personName} 自 ${t.transferDate} 起由 ${t.fromUnitName} 转入 ${t.toUnitName}（${t.stateLabel}）`;
    },
  },
  'transfer-return': {
    audited: true,
    summary: '退回关系转移',
    usage: '--id <编号> --reason <原因>',
    async run(ctx, flags, operator) {
      const t = await returnTransfer(ctx, operator, callFields(calls.opsTransferReturn, { id: flags.id, reason: flags.reason }));
      return `已退回：${t.personName} 的关系转移（${t.stateLabel}）`;
    },
  },
  'filing-list': {
    audited: false,
    summary: '列出异地就医备案（默认已提交的；--state 选其他状态）',
    usage: `[--state ${Object.keys(FILING_STATE_LABELS).join('|')}]`,
    async run(ctx, flags) {
      const { state = 'submitted' } = callFields(calls.opsFilingList, { state: flags.state });
      const { list } = await opsFilingList(ctx, state);
      if (list.length === 0) return `没有“${FILING_STATE_LABELS[state]}”的异地就医备案`;
      return list
        .map(
          (f) =>
            `[${f.id}] ${f.personName}（${f.certNo}）  ${f.unitName}（${f.uact}）  ${f.regionName} ${f.hospitalName}  ${f.fromDate} 至 ${f.toDate}  ${f.stateLabel}`,
        )
        .join('\n');
    },
  },
  'filing-confirm': {
    audited: true,
    summary: '确认异地就医备案（已备案）',
    usage: '--id <编号>',
    async run(ctx, flags, operator) {
      const f = await confirmFiling(ctx, operator, callFields(calls.opsFilingConfirm, { id: flags.id }).id);
      return `已备案：${f.personName} ${f.regionName} ${f.hospitalName} ${f.fromDate} 至 ${f.toDate}`;
    },
  },
  'filing-return': {
    audited: true,
    summary: '退回异地就医备案',
    usage: '--id <编号> --reason <原因>',
    async run(ctx, flags, operator) {
      const f = await returnFiling(ctx, operator, callFields(calls.opsFilingReturn, { id: flags.id, reason: flags.reason }));
      return `已退回：${f.personName} 的异地就医备案`;
    },
  },
};
