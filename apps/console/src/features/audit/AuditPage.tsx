import { Button, Space } from 'antd';
import { LoadFailed } from '../../components/LoadFailed';
import { useSearchParams } from 'react-router';
import { useAuditExport } from './api/audit-export';
import { type AuditFilter, useAuditLog } from './api/audit-list';
import { AuditFilters } from './components/AuditFilters';
import { AuditTable } from './components/AuditTable';

const FILTER_KEYS = ['actor', 'action', 'from', 'to'] as const;

/** The filters as the URL holds them (empty ones left out). */
const filterOf = (params: URLSearchParams): AuditFilter =>
  Object.fromEntries(FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));

/**
 * 审计日志 (admin and auditor read it): filters and the page (`before`, keyset) in the URL, so a
 * page can be sent to a colleague and the browser's back returns to the page above; 导出Excel
 * writes the whole filtered log, not only the page shown.
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const before = Number(params.get('before')) || undefined;
  const log = useAuditLog({ ...filter, before });
  const exporting = useAuditExport();
  const search = (next: AuditFilter) =>
    setParams(Object.fromEntries(FILTER_KEYS.flatMap((key) => (next[key]?.trim() ? [[key, next[key].trim()]] : []))));
  const pageFrom = (id?: number) => setParams({ ...filter, ...(id ? { before: String(id) } : {}) });

  return (
    <section className="console-panel" aria-labelledby="audit-title">
      <h2 id="audit-title" className="page-title">
        审计日志<span className="page-title__aside">最新在前，每页 50 条</span>
      </h2>
      <AuditFilters value={filter} onSearch={search} />
      {log.isError && !log.data ? (
        <LoadFailed what="审计日志" error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <AuditTable rows={log.data?.list ?? []} loading={log.isFetching} />
      )}
      <Space wrap style={{ marginTop: 12 }}>
        <Button disabled={!before} onClick={() => pageFrom()} data-testid="audit-first">
          第一页
        </Button>
        <Button disabled={!log.data?.next} onClick={() => pageFrom(log.data?.next ?? undefined)} data-testid="audit-next">
          下一页
        </Button>
        <Button onClick={() => exporting.mutate(filter)} loading={exporting.isPending} data-testid="audit-export">
          导出Excel
        </Button>
        <span className="page-title__aside">导出按当前筛选条件，最多 10000 条</span>
      </Space>
    </section>
  );
}
