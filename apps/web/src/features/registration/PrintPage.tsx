import type { ReactNode } from 'react';
import { Result, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import type { RegistrationInfo } from '@hall/shared/schemas/registration.ts';
import { PrintSheet } from '../../components/PrintSheet';
import { formatDateTime } from '../../lib/format';
import { useRegistration } from './api/queries';

const KIND_LABELS: Record<RegistrationInfo['kind'], string> = { unit: '单位注册', bidding: '公开招标单位注册' };

/** The registration receipt (注册回执): what was applied for and where it stands. */
function RegistrationReceipt({ uact }: { uact: string }) {
  const query = useRegistration(uact);
  if (!uact) return <Result status="warning" title="未指定单位账号" />;
  if (query.isLoading) return <Skeleton active />;
  if (query.isError || !query.data)
    return <Result status="warning" title={(query.error as Error | null)?.message || '未查询到该账号的注册信息'} />;
  const info = query.data;
  const rows: Array<[string, string]> = [
    ['单位账号', info.empUact],
    ['单位名称', info.empName],
    ['注册类型', KIND_LABELS[info.kind] ?? info.kind],
    ['提交时间', formatDateTime(info.submittedAt)],
    ['审核状态', info.statusLabel],
    ['审核时间', formatDateTime(info.decidedAt) || '无'],
    ...(info.status === 'rejected' ? ([['未通过原因', info.reason || '无']] as Array<[string, string]>) : []),
    ['通知手机', info.phone],
  ];
  return (
    <>
      <h1 className="print-doc__title">单位注册回执</h1>
      <table className="print-doc__table">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="print-doc__note">
        说明：注册信息由市总工会审核，审核结果以短信通知。审核通过后，请使用单位账号登录网上服务大厅并完善单位信息。本回执仅作为注册申请已提交的凭证。
      </p>
    </>
  );
}

const DOCUMENTS: Record<string, { title: string; render(search: URLSearchParams): ReactNode }> = {
  registration: { title: '单位注册回执', render: (search) => <RegistrationReceipt uact={search.get('uact')?.trim() ?? ''} /> },
};

/**
 * /print 打印 of the public area: ?kind=registration&uact=… prints a registration receipt. The
 * sheet (toolbar, print style sheet) is components/PrintSheet; app/PrintPage.tsx picks the
 * document by ?kind= (the payment notice lives in features/payment).
 */
export default function PrintPage() {
  const [search] = useSearchParams();
  const document_ = DOCUMENTS[search.get('kind') ?? ''];
  return (
    <PrintSheet title={document_?.title ?? '打印'} printable={Boolean(document_)}>
      {document_ ? document_.render(search) : <Result status="warning" title="没有可打印的内容" subTitle="请从需要打印的页面进入。" />}
    </PrintSheet>
  );
}
