import path from 'node:path';
import { auditOperator } from '../../lib/audit';
import { backup, restore } from '../../lib/backup';
import { refuse } from '../../lib/hall-error';
import { sweepUploadParts } from '../../lib/parts-sweep';
import { copyFileStore } from '../../modules/files/store-copy.service';
import { beijing, type Command, optional, text, UsageError } from './flags';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

const listed = (ids: string[]) => `${ids.slice(0, 5).join('、')}${ids.length > 5 ? ` 等 ${ids.length} 个` : ''}`;

/** Backups and their restore (docs/operations.md, "Backups"); the files' move between stores ("Files"). */
export const backupCommands: Record<string, Command> = {
  'file-store-copy': {
    audited: true,
    summary: '把全部文件复制到另一种文件存储（目录 → 数据库，切换为多节点前；或反向），按上传时的 SHA-256 核对，不删除原处',
    usage: '--to db|dir',
    async run(ctx, flags, operator) {
      const to = text(flags, 'to', '目标存储');
      if (to !== 'db' && to !== 'dir') throw new UsageError('--to 只能是 db（数据库）或 dir（HALL_FILE_DIR 目录）');
      const done = await copyFileStore(ctx, to);
      await auditOperator(ctx.db, ctx.clock.now(), operator, {
        event: 'file-store-copy',
        to,
        copied: done.copied,
        present: done.present,
        missing: done.missing.length,
        damaged: done.damaged.length,
      });
      const where = to === 'db' ? '数据库' : `目录 ${ctx.config.fileDir}`;
      const lines = [`已复制 ${done.copied} 个文件到${where}；${done.present} 个原已在且内容相符。`];
      if (done.missing.length) lines.push(`两处都没有内容的文件：${listed(done.missing)}`);
      if (done.damaged.length) lines.push(`原处内容与上传时的哈希不符、未复制的文件：${listed(done.damaged)}`);
      // Not all there: the command fails (a script switching the store stops here), having copied the rest.
      if (done.missing.length || done.damaged.length) throw refuse(lines.join('\n'));
      lines.push(
        to === 'db'
          ? '全部文件已在数据库中：各节点可设置 HALL_FILE_STORE=db 后重启。'
          : '全部文件已在目录中：可去掉 HALL_FILE_STORE=db 后重启。',
      );
      return lines.join('\n');
    },
  },
  'upload-parts-sweep': {
    audited: true,
    summary: '清理被中断或放弃的上传留下的临时部分（最后写入早于 HALL_UPLOAD_PARTS_HOURS 小时前的），不动任何已保存的文件',
    usage: '[--hours <小时数，默认按设置>] [--shards（另查各分片目录：升级前版本写在那里的 .part 文件，只需一次）]',
    async run(ctx, flags, operator) {
      const given = optional(flags, 'hours');
      const hours = given === undefined ? ctx.config.uploadPartsMaxAgeMs / 3_600_000 : Number(given);
      if (!Number.isInteger(hours) || hours < 1 || hours > 720) throw new UsageError('--hours 须为 1-720 的整数（上传中的文件不能被清理）');
      const shards = flags.shards === true;
      if (shards && ctx.config.fileStore === 'db') throw new UsageError('--shards 只用于目录文件存储（HALL_FILE_STORE=dir）');
      const done = await sweepUploadParts(ctx, hours * 3_600_000, { shards });
      await auditOperator(ctx.db, ctx.clock.now(), operator, {
        event: 'upload-parts-sweep',
        hours,
        shards,
        uploads: done.uploads,
        bytes: done.bytes,
      });
      return done.uploads
        ? `已清理 ${done.uploads} 个未完成上传留下的临时部分，共 ${size(done.bytes)}（最后写入早于 ${beijing(done.before)}）。`
        : `没有需要清理的临时部分（未完成上传最后写入早于 ${beijing(done.before)} 的）。`;
    },
  },
  backup: {
    audited: true,
    summary: '备份：数据库在同一时刻的转储与全部文件，附各表行数与每个文件的 SHA-256（manifest.json）',
    usage: '--to <新的或空的目录>',
    async run(ctx, flags, operator) {
      const dir = path.resolve(text(flags, 'to', '备份目录'));
      const done = await backup(ctx, dir);
      await auditOperator(ctx.db, ctx.clock.now(), operator, {
        event: 'backup',
        tables: done.tables,
        rows: done.rows,
        files: done.files,
      });
      return [
        `已备份到 ${done.dir}：${done.tables} 张表共 ${done.rows} 行，${done.files} 个文件（${size(done.bytes)}，${done.filesCopied ? '复制在 files/ 中' : '在数据库转储中'}）。`,
        ...(done.changed.length
          ? [
              `注意：${done.changed.length} 个文件的内容与上传时记录的哈希不符，已按现状备份：${done.changed.slice(0, 5).join('、')}${done.changed.length > 5 ? ' 等' : ''}`,
            ]
          : []),
        `恢复：停止服务，以 DATABASE_URL 或 HALL_DATA_DIR 指向一个空库，执行 npm run ops -- restore --from ${done.dir}`,
      ].join('\n');
    },
  },
  restore: {
    audited: false,
    summary: '从备份恢复到一个空数据库（服务须停止），并逐表核对行数、逐个核对文件的 SHA-256',
    usage: '--from <备份目录>',
    // Reached through the operator socket only when a server runs on this data directory.
    async run() {
      throw refuse('服务正在使用该数据目录：恢复须在服务停止时进行，且只写入一个空的数据目录（HALL_DATA_DIR）');
    },
    async offline(config, flags) {
      const dir = path.resolve(text(flags, 'from', '备份目录'));
      const done = await restore(config, dir);
      return `已从 ${dir} 恢复：${done.tables} 张表共 ${done.rows} 行，与备份逐表相符；${done.files} 个文件，SHA-256 逐一相符。`;
    },
  },
};
