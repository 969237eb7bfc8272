import path from 'node:path';
import { auditOperator } from '../../lib/audit';
import { backup, restore } from '../../lib/backup';
import { refuse } from '../../lib/hall-error';
import { type Command, text } from './flags';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

/** Backups and their restore (docs/operations.md, "Backups"). */
export const backupCommands: Record<string, Command> = {
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
