import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { NoticeKind } from '@hall/shared';
import * as notices from '../../modules/notices/notices.service';
import { beijing, list, optional, positiveId, readText, text, UsageError, type Command, type Flags } from './flags';

const kindOf = (flags: Flags): NoticeKind => {
  const kind = optional(flags, 'kind') ?? 'notice';
  if (kind !== 'notice' && kind !== 'policy') throw new UsageError('--kind 只能是 notice（通知公告）或 policy（政策文件）');
  return kind;
};

async function readAttachments(files: string[]) {
  return Promise.all(
    files.map(async (file) => {
      try {
        return { name: path.basename(file), bytes: await readFile(file) };
      } catch {
        throw new UsageError(`无法读取附件：${file}`);
      }
    }),
  );
}

const STATUS_LABELS: Record<string, string> = { draft: '草稿', published: '已发布', withdrawn: '已撤回' };

/** Notices and policy documents on the gateway. */
export const noticeCommands: Record<string, Command> = {
  'notice-publish': {
    audited: true,
    summary: '发布通知公告或政策文件（正文为纯文本文件，可带附件）',
    usage: '--kind notice|policy --title <标题> --content-file <正文.txt> [--attach <附件> ...] [--publisher <发布单位>] [--draft]',
    async run(ctx, flags, operator) {
      const kind = kindOf(flags);
      const created = await notices.publishNotice(ctx, operator, {
        kind,
        title: text(flags, 'title', '标题'),
        content: await readText(text(flags, 'content-file', '正文文件')),
        publisher: optional(flags, 'publisher'),
        attachments: await readAttachments(list(flags, 'attach')),
        publish: flags.draft !== true,
      });
      const state = flags.draft === true ? '已保存为草稿' : '已发布';
      return `${notices.KIND_LABELS[kind]}${state}，编号 ${created.id}，附件 ${created.attachmentIds.length} 个`;
    },
  },
  'notice-edit': {
    audited: true,
    summary: '修改通知公告或政策文件的标题或正文',
    usage: '--id <编号> [--title <标题>] [--content-file <正文.txt>]',
    async run(ctx, flags, operator) {
      const id = positiveId(flags);
      const file = optional(flags, 'content-file');
      const title = optional(flags, 'title');
      if (!file && !title) throw new UsageError('请至少指定 --title 或 --content-file');
      await notices.editNotice(ctx, operator, id, { title, content: file ? await readText(file) : undefined });
      return `已修改公告 ${id}`;
    },
  },
  'notice-withdraw': {
    audited: true,
    summary: '撤回通知公告或政策文件（门户不再显示）',
    usage: '--id <编号>',
    async run(ctx, flags, operator) {
      const id = positiveId(flags);
      await notices.withdrawNotice(ctx, operator, id);
      return `已撤回公告 ${id}`;
    },
  },
  'notice-list': {
    audited: false,
    summary: '列出全部通知公告和政策文件',
    usage: '',
    async run(ctx) {
      const rows = await notices.listNotices(ctx);
      if (rows.length === 0) return '暂无通知公告或政策文件';
      return rows
        .map(
          (n) =>
            `${String(n.id).padStart(4)}  ${notices.KIND_LABELS[n.kind as NoticeKind]}  ${STATUS_LABELS[n.status] ?? n.status}  ${beijing(n.publishedAt)}  附件${n.attachmentIds.length}  ${n.title}`,
        )
        .join('\n');
    },
  },
};
