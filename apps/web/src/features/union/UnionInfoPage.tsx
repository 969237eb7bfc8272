import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Popconfirm, Skeleton, Space, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { UNION_INFO_LABELS, type UnionInfoField } from '@hall/shared/union/index.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { Panel } from '../../components/Panel';
import { toast } from '../../lib/feedback';
import { formatDateTime } from '../../lib/format';
import { useSignedInSession } from '../../stores/use-signed-in';
import { unionChangesKey } from './api/union-changes';
import {
  submitUnionChange,
  type UnionForm,
  type UnionInfo,
  unionInfoKey,
  useSysUser,
  useUnionInfo,
  withdrawUnionChange,
} from './api/union-info';
import { FileList } from '../../components/file-preview/FilePreview';
import { ChangeFields } from './components/ChangeFields';
import { UnionInfoForm } from './components/UnionInfoForm';
import { FieldValue } from './components/values';
import './union.css';

const SECTIONS: Array<{ title: string; fields: UnionInfoField[] }> = [
  { title: '基本信息', fields: ['uniName', 'uscc', 'foundedOn', 'parentUnion'] },
  {
    title: '法人资格与负责人',
    fields: [
      'legalCertNo',
      'legalCertStart',
      'legalCertEnd',
      'legalName',
      'chairmanName',
      'chairmanPhone',
      'chairmanTermStart',
      'chairmanTermEnd',
    ],
  },
  { title: '职工与会员', fields: ['employeeCount', 'femaleCount', 'memberCount'] },
  { title: '地址与联系方式', fields: ['regionCode', 'address', 'postcode', 'contactName', 'contactPhone'] },
  { title: '银行账户（缴费通知单显示）', fields: ['bankName', 'bankAccountName', 'bankAccountNo'] },
];

const UNI_TYPES: Record<string, string> = { '92': '联合基层工会', '93': '行业（上级）工会', '99': '独立基层工会' };

/** The account line above the record, from getSysUserByUact (spec §7). */
function AccountLine({ uact }: { uact: string }) {
  const user = useSysUser(uact).data;
  if (!user) return null;
  return (
    <p className="union-account" data-testid="union-account">
      单位账号 {user.uact} · 一级工会{user.uniType ? `（${UNI_TYPES[user.uniType] ?? user.uniType}）` : ''}
      {user.subordinateCount > 0 ? ` · 下属单位 ${user.subordinateCount} 个` : ''}
    </p>
  );
}

function PendingBanner({ info, onWithdraw }: { info: UnionInfo; onWithdraw: () => void }) {
  const navigate = useNavigate();
  const p = info.pending!;
  return (
    <Alert
      type="info"
      showIcon
      className="union-banner"
      data-testid="union-pending-banner"
      title={`有一条工会信息变更审核中（${formatDateTime(p.submittedAt)} 提交）`}
      description={
        <>
          <p className="union-banner__text">
            变更项目：{p.fields.map((f) => f.label).join('、')}。审核通过前，下列信息保持不变；如需修改，请先撤回。
          </p>
          <ChangeFields change={p} />
          {p.files.length ? (
            <div className="union-banner__documents">
              <span>证明材料：</span>
              <FileList files={p.files} testId="pending-documents" />
            </div>
          ) : null}
        </>
      }
      action={
        <Space direction="vertical" size={4}>
          <Button size="small" onClick={() => navigate('/uniInformationEdit?state=pending')}>
            查看变更
          </Button>
          <Popconfirm title="撤回这条审核中的变更？" okText="撤回" cancelText="取消" onConfirm={onWithdraw}>
            <Button size="small" danger data-testid="union-withdraw">
              撤回
            </Button>
          </Popconfirm>
        </Space>
      }
    />
  );
}

/**
 * /uniInformationBase 基层工会信息: the union's approved record; 编辑 files a change for the city
 * union's review (审核中), shown as a banner until it is decided or withdrawn.
 */
export default function UnionInfoPage() {
  const session = useSignedInSession();
  const uact = session.loginType === 'unit' ? session.unit.uact : undefined;
  const client = useQueryClient();
  const query = useUnionInfo();
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const info = query.data;

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: unionInfoKey });
    await client.invalidateQueries({ queryKey: unionChangesKey });
  };
  const submit = async (form: UnionForm) => {
    await submitUnionChange(form);
    toast.success('已提交，等待市总工会审核');
    setEditing(false);
    await refresh();
  };
  const withdraw = async () => {
    if (!info?.pending) return;
    await withdrawUnionChange(info.pending.id);
    toast.success('已撤回');
    await refresh();
  };

  if (query.isError && !info) return <LoadFailed title="基层工会信息加载失败" error={query.error} retry={() => void query.refetch()} />;

  const editButton = (
    <Button
      type="primary"
      icon={<EditOutlined />}
      disabled={!info || Boolean(info.pending)}
      onClick={() => setEditing(true)}
      data-testid="union-edit"
    >
      编辑
    </Button>
  );

  return (
    <div className="union page-wide" data-testid="union-info-page">
      {uact ? <AccountLine uact={uact} /> : null}
      {info?.pending ? <PendingBanner info={info} onWithdraw={() => void withdraw()} /> : null}
      {info && !info.pending && info.lastRejected ? (
        <Alert
          type="warning"
          showIcon
          className="union-banner"
          data-testid="union-rejected-banner"
          title="上次提交的变更未通过审核"
          description={`驳回原因：${info.lastRejected.reviewNote ?? '—'}。请核实后点击“编辑”重新提交。`}
        />
      ) : null}
      {info && !info.approved && !info.pending ? (
        <Alert
          type="warning"
          showIcon
          className="union-banner"
          title="尚未登记基层工会信息"
          description="下列为单位注册时填写的信息。请点击“编辑”补充完整后提交审核，审核通过后生效。"
        />
      ) : null}
      <Panel
        title="基层工会信息"
        testId="union-record"
        extra={
          <Space wrap>
            <Button onClick={() => navigate('/uniInformationEdit')}>变更记录</Button>
            {info?.pending ? <Tooltip title="已有审核中的变更，审核完成或撤回后才能再次编辑">{editButton}</Tooltip> : editButton}
          </Space>
        }
      >
        {!info ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            {SECTIONS.map((s) => (
              <Descriptions
                key={s.title}
                title={s.title}
                size="small"
                bordered
                className="union-section"
                column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
              >
                {s.fields.map((f) => (
                  <Descriptions.Item key={f} label={UNION_INFO_LABELS[f]}>
                    <span data-testid={`union-field-${f}`}>
                      <FieldValue field={f} value={info.record[f]} />
                    </span>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ))}
            <p className="union-updated">{info.updatedAt ? `最近一次审核通过：${formatDateTime(info.updatedAt)}` : '尚无审核通过的记录'}</p>
          </>
        )}
      </Panel>
      {info ? <UnionInfoForm open={editing} info={info} onClose={() => setEditing(false)} onSubmit={submit} /> : null}
    </div>
  );
}
