import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type NoticeKind, opsContracts as calls } from '@hall/shared';
import * as notices from '../../modules/notices/notices.service';
import { beijing, callFields, list, optional, readText, UsageError, type Command, type Flags } from './flags';

/** The text of --content-file, if given (the call's field `content`). */
const contentOf = async (flags: Flags) => {
  const file = optional(flags, 'content-file');
  return file ? readText(file) : undefined;
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

/** Notices and policy documents on the gateway; the flags are read with the operator calls' request schemas. */
export const noticeCommands: Record<string, Command> = {
  'notice-publish': {
    audited: true,
    summary: '发布通知公告或政策文件（正文为纯文本文件，可带附件）',
    usage: '--kind notice|policy --title <标题> --content-file <正文.txt> [--attach <附件> ...] [--publisher <发布单位>] [--draft]',
    async run(ctx, flags, operator) {
      const { draft, ...notice } = callFields(calls.opsNoticePublish, {
        kind: flags.kind ?? 'notice',
        title: flags.title,
        content: await contentOf(flags),
        publisher: flags.publisher,
        draft: flags.draft,
      });
      const created = await notices.publishNotice(ctx, operator, {
        ...notice,
        attachments: await readAttachments(list(flags, 'attach')),
        publish: draft !== true,
      });
      const state = draft === true ? '已保存为草稿' : '已发布';
      return `${notices.KIND_LABELS[notice.kind]}${state}，编号 ${created.id}，附件 ${created.attachmentIds.length} 个`;
    },
  },
  'notice-edit': {
    audited: true,
    summary: '修改通知公告或政策文件的标题或正文',
    usage: '--id <编号> [--title <标题>] [--content-file <正文.txt>]',
    async run(ctx, flags, operator) {
      const { id, ...change } = callFields(calls.opsNoticeEdit, { id: flags.id, title: flags.title, content: await contentOf(flags) });
      await notices.editNotice(ctx, operator, id, change);
      return `已修改公告 ${id}`;
    },
  },
  'notice-withdraw': {
    audited: true,
    summary: '撤回通知公告或政策文件（门户不再显示）',
    usage: '--id <编号>',
    async run(ctx, flags, operator) {
      const { id } = callFields(calls.opsNoticeWithdraw, { id: flags.id });
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
