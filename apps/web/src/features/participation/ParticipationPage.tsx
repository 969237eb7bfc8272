import { useState } from 'react';
import { Select, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { LoadFailed } from '../../components/LoadFailed';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { useSignedInSession } from '../../stores/use-signed-in';
import { useExportParticipation } from './api/export';
import { useParticipationPersons } from './api/persons';
import { useParticipationTotal } from './api/total';
import { ProductTable, SubordinateTable, Totals } from './components/Figures';
import { PersonFilterBar, type PersonFilters } from './components/PersonFilterBar';
import { PersonTable } from './components/PersonTable';
import './participation.css';

/**
 * /participation 职工参加医疗互助情况: for a period (the one in force by default), per product how
 * many of the unit's staff are declared, covered and waiting, with amounts due and paid; a
 * level-1 union also sees one row per subordinate unit; below, every staff member × product with
 * filters that stay while the tab lives, and 导出 of the filtered list.
 */
export default function ParticipationPage() {
  const session = useSignedInSession();
  const [year, setYear] = useState<number | undefined>();
  const [filters, setFilters] = useState<PersonFilters>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const exporting = useExportParticipation();
  const total = useParticipationTotal(year);
  const data = total.data;
  const shownYear = year ?? data?.year;
  const personQuery = { year: shownYear, ...filters, ...page };
  const persons = useParticipationPersons(personQuery, shownYear !== undefined);
  const isUnion = session.loginType === 'unit' && Number(session.unit.uactLevel) === 1;

  const search = (next: PersonFilters) => {
    setFilters(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const doExport = () => {
    if (shownYear === undefined) return;
    const unitName = session.loginType === 'unit' ? session.unit.psnName || session.unit.uact : '';
    // A failure: the downloader has shown 下载失败：…
    exporting.mutate({ query: { year: shownYear, ...filters }, fileName: `${unitName}${shownYear}年度参保情况.xlsx` });
  };

  if (total.isError && !data)
    return (
      <div className="participation page-wide" data-testid="participation-page">
        <LoadFailed title="参保情况加载失败" error={total.error} retry={() => void total.refetch()} />
      </div>
    );

  return (
    <div className="participation page-wide" data-testid="participation-page">
      <div className="participation-head">
        <Space wrap>
          <span>互助年度</span>
          <Select
            aria-label="互助年度"
            style={{ width: 200 }}
            loading={total.isLoading}
            value={shownYear}
            onChange={(v) => {
              setYear(v);
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
            options={(data?.periods ?? []).map((p) => ({ value: p.year, label: p.name }))}
          />
          {data ? (
            <span className="participation-period">
              保障期 {data.startDate} 至 {data.endDate}，统计至 {data.today}
            </span>
          ) : null}
        </Space>
      </div>
      {data ? <Totals data={data} /> : null}

      <Panel title="按互助项目统计">
        <ProductTable data={data} loading={total.isFetching} />
      </Panel>

      {isUnion ? (
        <Panel title="下属单位参保情况">
          <SubordinateTable data={data} loading={total.isFetching} />
        </Panel>
      ) : null}

      <Panel
        title="参保人员明细"
        extra={
          <GuardedButton
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={doExport}
            disabled={shownYear === undefined}
            data-testid="export-button"
          >
            导出
          </GuardedButton>
        }
      >
        <PersonFilterBar products={data?.products ?? []} onSearch={search} />
        <PersonTable persons={persons} page={page} filtered={Object.keys(filters).length > 0} onPage={setPage} />
      </Panel>
    </div>
  );
}
