import { featureContracts as calls } from '@hall/shared';
import { listEvaluations } from '../../modules/features/evaluation.service';
import { listFlags, setFlag } from '../../modules/features/flags.service';
import { beijing, callFields, type Command } from './flags';

/** Feature flags and 好差评 (docs-flags.md F1, F4); flags read with the operator calls' request schemas. */

const onOff = (on: boolean) => (on ? '打开' : '关闭');

export const featureCommands: Record<string, Command> = {
  'feature-flag-list': {
    audited: false,
    summary: '功能开关：批量操作（batch）、互助档案（archives）、好差评（evaluation）',
    usage: '',
    async run(ctx) {
      const rows = await listFlags(ctx.db);
      return rows
        .map(
          (r) =>
            `${r.name.padEnd(11)}${r.label.padEnd(6, '　')}${onOff(r.on)}（默认${onOff(r.defaultOn)}）${
              r.updatedAt ? `  ${beijing(new Date(r.updatedAt))} ${r.updatedBy} 设置` : ''
            }`,
        )
        .join('\n');
    },
  },
  'feature-flag-set': {
    audited: true,
    summary: '打开或关闭一个功能开关（审计；门户刷新后生效）',
    usage: '--name <batch|archives|evaluation> --on | --off',
    async run(ctx, flags, operator) {
      // The field `on` is --on or --off: both or neither leave it out.
      const on = Boolean(flags.on) === Boolean(flags.off) ? undefined : Boolean(flags.on);
      const fields = callFields(calls.opsFeatureFlagSet, { name: flags.name, on });
      const r = await setFlag(ctx, operator, fields.name, fields.on);
      return `功能开关 ${r.name}（${r.label}）已${onOff(r.on)}`;
    },
  },
  'evaluation-list': {
    audited: false,
    summary: '好差评列表（新的在前，最多1000条）与平均分（5 非常满意 … 1 非常不满意）',
    usage: '[--kind application|claim]',
    async run(ctx, flags) {
      const r = await listEvaluations(ctx.db, callFields(calls.opsEvaluationList, { kind: flags.kind }).kind);
      const avg = (a: number | null) => (a === null ? '—' : a.toFixed(2));
      return [
        `共 ${r.summary.count} 条评价，平均 ${avg(r.summary.average)} 分`,
        ...r.summary.byKind.map((k) => `  ${k.label}：${k.count} 条，平均 ${avg(k.average)} 分`),
        `  ${r.summary.byRating.map((b) => `${b.label} ${b.count}`).join('，')}`,
        ...r.list.map(
          (e) =>
            `${beijing(new Date(e.createdAt))}  ${e.kindLabel} ${e.serviceNo}  ${e.raterName}  ${e.ratingLabel}${e.reason ? `  原因：${e.reason}` : ''}${
              e.comment ? `  ${e.comment}` : ''
            }`,
        ),
      ].join('\n');
    },
  },
};
