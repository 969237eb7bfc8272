import { useEffect, useState } from 'react';
import { Empty, Input, Pagination, Spin, Tabs } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed';
import { PublicFrame } from '../../components/form/PublicFrame';
import { formatDate } from '../../lib/format';
import { useNoticePage } from '../../lib/notice-queries';
import { detailPath, KIND_TITLES, kindOf, NOTICE_KINDS, type NoticeKind } from '../../lib/notices';
import './notices.css';

const PAGE_SIZE = 10;

/**
 * /gateNotice: the published notices (通知公告) or policy documents (政策文件), newest first,
 * ten a page, with a title search. Kind, search and page live in the address (?kind=policy&title=…&page=2)
 * so a list can be linked to and the back button returns to it.
 */
export default function NoticeListPage() {
  const [search, setSearch] = useSearchParams();
  const kind = kindOf(search.get('kind'));
  const title = search.get('title')?.trim() ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [typed, setTyped] = useState(title);
  useEffect(() => setTyped(title), [title]);

  const query = useNoticePage(kind, title, page, PAGE_SIZE);

  const go = (next: { kind?: NoticeKind; title?: string; page?: number }) => {
    const params = new URLSearchParams();
    const k = next.kind ?? kind;
    const t = next.title ?? title;
    const p = next.page ?? 1;
    if (k !== 'notice' || search.has('kind')) params.set('kind', k);
    if (t) params.set('title', t);
    if (p > 1) params.set('page', String(p));
    setSearch(params);
  };

  const data = query.data;
  const list = data?.list ?? [];
  return (
    <PublicFrame title={KIND_TITLES[kind]} testId="notice-list-page" extra={<Link to="/gateRule">办事指南</Link>}>
      <Tabs
        activeKey={kind}
        onChange={(key) => go({ kind: kindOf(key), title: '' })}
        items={NOTICE_KINDS.map((k) => ({ key: k, label: KIND_TITLES[k] }))}
      />
      <div className="notice-toolbar">
        <Input.Search
          className="notice-search"
          placeholder="请输入标题关键字"
          allowClear
          maxLength={100}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => go({ title: value.trim() })}
          enterButton="查询"
          data-testid="notice-search"
        />
        {data ? <span className="notice-toolbar__total">共 {data.totlCnt} 条</span> : null}
      </div>
      {query.isError && !data ? (
        <LoadFailed title={`${KIND_TITLES[kind]}加载失败`} retry={() => void query.refetch()} />
      ) : (
        <Spin spinning={query.isFetching}>
          {list.length === 0 && !query.isLoading ? (
            <Empty description={title ? `没有标题包含“${title}”的${KIND_TITLES[kind]}` : `暂无${KIND_TITLES[kind]}`} />
          ) : (
            <ul className="notice-list" data-testid="notice-list" aria-label={KIND_TITLES[kind]}>
              {list.map((item) => (
                <li key={item.id} className="notice-list__item">
                  <Link to={detailPath(kind, item.id)} className="notice-list__title">
                    {item.title}
                  </Link>
                  <div className="notice-list__meta">
                    <span>{item.publisher}</span>
                    {item.attachmentCount > 0 ? (
                      <span>
                        <PaperClipOutlined /> 附件 {item.attachmentCount} 个
                      </span>
                    ) : null}
                    <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {data && data.totlCnt > PAGE_SIZE ? (
            <Pagination
              className="notice-pager"
              current={page}
              pageSize={PAGE_SIZE}
              total={data.totlCnt}
              showSizeChanger={false}
              showTotal={(total) => `共 ${total} 条`}
              onChange={(p) => go({ page: p })}
            />
          ) : null}
        </Spin>
      )}
    </PublicFrame>
  );
}
