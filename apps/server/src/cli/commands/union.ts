import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { UNION_CHANGE_STATE_LABELS, unionContracts as calls, unionValueText } from '@hall/shared';
import {
  approveUnionChange,
  listUnionChanges,
  rejectUnionChange,
  unionChangeDetail,
  unionChangeFile,
} from '../../modules/union/union-operator.service';
import { beijing, callFields, text, type Command } from './flags';

/**
 * Union information changes from the city union's side: thin layers over
 * modules/union/union-operator.service.ts, which the operator API uses too; each reads its flags
 * with its call's request schema (--file is the field `fileId`).
 */

type View = Awaited<ReturnType<typeof unionChangeDetail>>;
const lines = (c: View) => [
  `[${c.id}] ${c.unitName}（${c.uact}）  【${c.stateLabel}】  提交 ${beijing(c.submittedAt)}${c.reviewer ? `  审核 ${c.reviewer} ${beijing(c.decidedAt)}` : ''}`,
  ...c.fields.map((f) => `    ${f.label}：${unionValueText(f.before)} → ${unionValueText(f.after)}`),
  ...(c.reviewNote ? [`    审核意见：${c.reviewNote}`] : []),
  ...c.files.map(
    (f) => `    证明材料：${f.name}  ${Math.ceil(f.size / 1024)}KB  （union-change-file --id ${c.id} --file ${f.fileId} --out <文件>）`,
  ),
];

export const unionCommands: Record<string, Command> = {
  'union-change-list': {
    audited: false,
    summary: '列出工会信息变更（默认审核中的，最早提交在前；--state 选其他状态）',
    usage: `[--state ${Object.keys(UNION_CHANGE_STATE_LABELS).join('|')}]`,
    async run(ctx, flags) {
      const { state = 'pending' } = callFields(calls.opsUnionChangeList, { state: flags.state });
      const { list } = await listUnionChanges(ctx, state);
      if (list.length === 0) return `没有“${UNION_CHANGE_STATE_LABELS[state]}”的工会信息变更`;
      return [...list.flatMap(lines), `共 ${list.length} 条`].join('\n');
    },
  },
  'union-change-show': {
    audited: false,
    summary: '查看一条工会信息变更（变更前后）',
    usage: '--id <变更编号>',
    async run(ctx, flags) {
      return lines(await unionChangeDetail(ctx, callFields(calls.opsUnionChangeDetail, { id: flags.id }).id)).join('\n');
    },
  },
  'union-change-file': {
    audited: true,
    summary: '保存一条工会信息变更的证明材料（如选举批复）到文件，以便审核时查看',
    usage: '--id <变更编号> --file <材料编号> --out <保存到的文件>',
    async run(ctx, flags, operator) {
      const out = path.resolve(text(flags, 'out', '保存到的文件'));
      const file = await unionChangeFile(ctx, operator, callFields(calls.opsUnionChangeFile, { id: flags.id, fileId: flags.file }));
      writeFileSync(out, file.bytes);
      return `已保存 ${file.name}（${Math.ceil(file.bytes.length / 1024)}KB，${file.mime}）到 ${out}`;
    },
  },
  'union-change-approve': {
    audited: true,
    summary: '审核通过工会信息变更：变更后的值写入工会信息，并发站内信告知工会',
    usage: '--id <变更编号> [--note <审核意见>]',
    async run(ctx, flags, operator) {
      const c = await approveUnionChange(ctx, operator, callFields(calls.opsUnionChangeApprove, { id: flags.id, note: flags.note }));
      return `工会信息变更 ${c.id}（${c.unitName}）审核通过，已更新：${c.fields.map((f) => f.label).join('、')}`;
    },
  },
  'union-change-reject': {
    audited: true,
    summary: '驳回工会信息变更（--note 写明原因），工会信息不变，并发站内信告知工会',
    usage: '--id <变更编号> --note <驳回原因>',
    async run(ctx, flags, operator) {
      const c = await rejectUnionChange(ctx, operator, callFields(calls.opsUnionChangeReject, { id: flags.id, note: flags.note }));
      return `工会信息变更 ${c.id}（${c.unitName}）已驳回`;
    },
  },
};
