import { useMutation } from '@tanstack/react-query';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import { download } from '../../../lib/download';
import type { AuditFilter } from './audit-list';

/** The filtered log as Excel (the server's, up to 10,000 rows: every page, not only the one shown). */
export const useAuditExport = () =>
  useMutation({ mutationFn: (filter: AuditFilter) => download(opsAdminCalls.opsAuditExport, filter, '审计日志.xlsx') });
