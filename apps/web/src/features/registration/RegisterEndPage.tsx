import { useEffect, useState } from 'react';
import { Button, Descriptions, Input, Result, Skeleton, Space, Tag } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { RegistrationInfo, RegistrationStatus } from '@hall/shared/schemas/registration.ts';
import { formatDateTime } from '../../lib/format';
import { LinkButton } from '../../components/form/LinkButton';
import { PublicFrame } from '../../components/form/PublicFrame';
import { useRegistration } from './api/queries';
import { RegisterSteps } from './components/RegisterSteps';
import { useRegisterStore } from './register-store';
import './registration.css';

export const KIND_LABELS: Record<RegistrationInfo['kind'], string> = { unit: '单位注册', bidding: '公开招标单位注册' };
const STATUS_COLORS: Record<RegistrationStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

/** The outcome of a registration, as the applicant should read it. */
function Outcome({ info }: { info: RegistrationInfo }) {
  if (info.status === 'approved') {
    return (
      <Result
        status="success"
        title="审核通过"
        subTitle="单位注册已审核通过，请使用单位账号和注册时设置的密码登录；首次登录需完善单位信息。"
        extra={
          <LinkButton to="/gatePage" type="primary">
            去登录
          </LinkButton>
        }
      />
    );
  }
  if (info.status === 'rejected') {
    return (
      <Result
        status="error"
        title="审核未通过"
        subTitle={`原因：${info.reason || '无'}。请按原因修改后重新提交注册（可继续使用原单位账号）。`}
        extra={
          <LinkButton to={info.kind === 'bidding' ? '/mining-register' : '/register'} type="primary">
            重新注册
          </LinkButton>
        }
      />
    );
  }
  return (
    <Result
      status="info"
      icon={<ClockCircleOutlined />}
      title="注册申请已提交，等待审核"
      subTitle={`市总工会一般在3个工作日内完成审核，审核结果将以短信发送至 ${info.phone}。您也可以随时在本页查询审核进度。`}
    />
  );
}

/**
 * /registerEnd: the state of a registration (selectRegUserInfo): 待审核, 审核通过 or 审核未通过
 * with the reason. Opens on the registration just submitted (?uact=…) and has a 查询 box to look
 * one up later by its account.
 */
export default function RegisterEndPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const submitted = useRegisterStore((state) => state.submitted);
  const uact = search.get('uact')?.trim() || submitted || '';
  const [typed, setTyped] = useState(uact);
  useEffect(() => setTyped(uact), [uact]);

  const query = useRegistration(uact);
  const info = query.data;
  const justSubmitted = Boolean(submitted && submitted === uact);

  const lookUp = () => {
    const next = typed.trim();
    if (next) navigate(`/registerEnd?uact=${encodeURIComponent(next)}`);
  };

  return (
    <PublicFrame title={justSubmitted ? '注册完成' : '注册进度查询'} narrow testId="register-end-page">
      {justSubmitted ? <RegisterSteps current={2} /> : null}
      <form
        className="register-lookup"
        onSubmit={(event) => {
          event.preventDefault();
          lookUp();
        }}
      >
        <label htmlFor="lookup-uact" className="register-lookup__label">
          单位账号
        </label>
        <Space.Compact className="register-lookup__box">
          <Input
            id="lookup-uact"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="请输入注册时设置的单位账号"
            maxLength={14}
            allowClear
            data-testid="lookup-uact"
          />
          <Button type="primary" htmlType="submit" data-testid="lookup-submit">
            查询
          </Button>
        </Space.Compact>
      </form>

      {!uact ? (
        <p className="register-lookup__hint">输入单位账号，查询单位注册或公开招标单位注册的审核进度和结果。</p>
      ) : query.isLoading ? (
        <Skeleton active />
      ) : query.isError || !info ? (
        <Result
          status="warning"
          title={(query.error as Error | null)?.message || '未查询到该账号的注册信息'}
          subTitle="请核对单位账号后重新查询。"
        />
      ) : (
        <div data-testid="registration-result" data-status={info.status}>
          <Outcome info={info} />
          {/* registration.css: labels and short values never wrap; a long unit name wraps in its wide cell. */}
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            className="registration-result"
            items={[
              { key: 'uact', label: '单位账号', children: info.empUact },
              {
                key: 'name',
                label: '单位名称',
                children: (
                  <span className="registration-result__name" title={info.empName}>
                    {info.empName}
                  </span>
                ),
              },
              { key: 'kind', label: '注册类型', children: KIND_LABELS[info.kind] ?? info.kind },
              {
                key: 'status',
                label: '审核状态',
                children: (
                  <Tag color={STATUS_COLORS[info.status]} data-testid="registration-status">
                    {info.statusLabel}
                  </Tag>
                ),
              },
              { key: 'submitted', label: '提交时间', children: formatDateTime(info.submittedAt) },
              { key: 'decided', label: '审核时间', children: formatDateTime(info.decidedAt) || '无' },
              { key: 'phone', label: '通知手机', children: info.phone },
              ...(info.status === 'rejected' ? [{ key: 'reason', label: '未通过原因', children: info.reason || '无' }] : []),
            ]}
          />
          <div className="register-end__actions">
            <LinkButton to={`/print?kind=registration&uact=${encodeURIComponent(info.empUact)}`} data-testid="print-receipt">
              打印注册回执
            </LinkButton>
            <Link to="/gatePage">返回登录</Link>
          </div>
        </div>
      )}
    </PublicFrame>
  );
}
