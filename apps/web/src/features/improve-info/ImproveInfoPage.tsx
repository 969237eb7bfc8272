import { Alert, Descriptions, Form, Input, InputNumber, Skeleton } from 'antd';
import { LoadFailed } from '../../components/LoadFailed';
import { useNavigate } from 'react-router';
import type { CompletionRegInfoRequest } from '@hall/shared/schemas/registration.ts';
import { checkContactPhone, checkEmail, checkMobile, checkPostalCode } from '@hall/shared/validation/contact.ts';
import { checkUscc } from '@hall/shared/validation/uscc.ts';
import { RegionSelect } from '../../components/region-select';
import { RequiredTitle } from '../../components/RequiredTitle';
import { EmpTypeItem } from '../../components/form/EmpTypeItem';
import { toast } from '../../lib/feedback';
import { checkRule } from '../../lib/form-rules';
import { useSessionStore } from '../../stores/session';
import { signOut } from '../../lib/sign-out';
import { formLayout, optionalText, requiredChoice, requiredText, textOrUndefined } from '../../components/form/form-kit';
import { PublicFrame } from '../../components/form/PublicFrame';
import { SignInRequired } from '../../components/form/SignInRequired';
import { FormActions } from '../../components/form/FormActions';

import { useCompleteUnitInfo, useUnitInfo } from './api/unit-info';

type ImproveValues = Omit<CompletionRegInfoRequest, 'staffCount'> & { staffCount?: number | null };

export const STAFF_COUNT_MESSAGE = '请输入正确的职工人数';
const staffCountRule = checkRule((v) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? null : STAFF_COUNT_MESSAGE;
}, '请输入职工人数');

function ImproveInfoForm() {
  const navigate = useNavigate();
  const [form] = Form.useForm<ImproveValues>();
  const info = useUnitInfo();
  const saving = useCompleteUnitInfo();

  if (info.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (info.isError || !info.data) {
    return <LoadFailed title="单位信息加载失败" retry={() => void info.refetch()} />;
  }
  const unit = info.data;
  // Registration gives these; units the operator opened may lack them and give them here.
  const missing = { uscc: !unit.uscc, legentName: !unit.legentName, legentTel: !unit.legentTel };

  // A refusal: the server's message has been shown.
  const submit = (values: ImproveValues) =>
    saving.mutate(
      {
        contactName: values.contactName,
        contactTel: values.contactTel,
        regionCode: values.regionCode,
        empType: values.empType,
        staffCount: Number(values.staffCount),
        empAddr: values.empAddr,
        postalCode: textOrUndefined(values.postalCode),
        email: textOrUndefined(values.email),
        uscc: missing.uscc ? textOrUndefined(values.uscc)?.toUpperCase() : undefined,
        legentName: missing.legentName ? textOrUndefined(values.legentName) : undefined,
        legentTel: missing.legentTel ? textOrUndefined(values.legentTel) : undefined,
      },
      {
        onSuccess: () => {
          toast.success('单位信息已完善');
          navigate('/Home', { replace: true });
        },
      },
    );

  return (
    <>
      <Alert
        type="warning"
        showIcon
        className="form-alert"
        title="请先完善单位信息"
        description="您的单位基本信息尚不完整，完善以下信息后即可进入网上服务大厅办理业务。"
      />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        className="improve-summary"
        items={[
          { key: 'uact', label: '单位账号', children: unit.uact },
          { key: 'name', label: '单位名称', children: unit.empName },
          { key: 'uscc', label: '统一社会信用代码', children: unit.uscc || '无' },
          { key: 'parent', label: '上级工会', children: unit.parentName || '市总工会' },
        ]}
      />
      <Form<ImproveValues>
        form={form}
        {...formLayout}
        initialValues={{
          contactName: unit.contactName || undefined,
          contactTel: unit.contactTel || undefined,
          regionCode: unit.regionCode || undefined,
          empType: unit.empType || undefined,
          staffCount: unit.staffCount ?? undefined,
          empAddr: unit.empAddr || undefined,
          postalCode: unit.postalCode || undefined,
          email: unit.email || undefined,
        }}
        onFinish={submit}
        data-testid="improve-form"
      >
        <RequiredTitle>单位基本信息</RequiredTitle>
        <EmpTypeItem testId="improve" />
        <Form.Item label="职工人数" name="staffCount" required rules={[staffCountRule]}>
          <InputNumber
            min={1}
            max={1_000_000}
            precision={0}
            placeholder="请输入在册职工人数"
            style={{ width: '100%' }}
            data-testid="improve-staffCount"
          />
        </Form.Item>
        <div data-testid="improve-region">
          <Form.Item label="所属区域" name="regionCode" required rules={[requiredChoice('所属区域')]}>
            <RegionSelect placeholder="请选择单位所在的区县（可输入名称搜索）" />
          </Form.Item>
        </div>
        <Form.Item label="单位地址" name="empAddr" required rules={[requiredText('单位地址', 500)]}>
          <Input placeholder="请输入单位地址" maxLength={500} data-testid="improve-empAddr" />
        </Form.Item>
        <Form.Item label="邮政编码" name="postalCode" rules={[optionalText(6, checkPostalCode)]}>
          <Input placeholder="选填" maxLength={6} inputMode="numeric" data-testid="improve-postalCode" />
        </Form.Item>
        {missing.uscc ? (
          <Form.Item label="统一社会信用代码" name="uscc" rules={[optionalText(18, checkUscc)]}>
            <Input placeholder="请输入18位统一社会信用代码" maxLength={18} data-testid="improve-uscc" />
          </Form.Item>
        ) : null}
        {missing.legentName ? (
          <Form.Item label="法定代表人姓名" name="legentName" rules={[optionalText(20)]}>
            <Input placeholder="请输入法定代表人姓名" maxLength={20} data-testid="improve-legentName" />
          </Form.Item>
        ) : null}
        {missing.legentTel ? (
          <Form.Item label="法定代表人手机" name="legentTel" rules={[optionalText(11, checkMobile)]}>
            <Input placeholder="请输入法定代表人手机号码" maxLength={11} inputMode="numeric" data-testid="improve-legentTel" />
          </Form.Item>
        ) : null}

        <RequiredTitle>联系人</RequiredTitle>
        <Form.Item label="联系人姓名" name="contactName" required rules={[requiredText('联系人姓名', 20)]}>
          <Input placeholder="请输入经办联系人姓名" maxLength={20} data-testid="improve-contactName" />
        </Form.Item>
        <Form.Item
          label="联系电话"
          name="contactTel"
          required
          extra="手机号码或固定电话（如 0731-88888888）"
          rules={[requiredText('联系电话', 20, checkContactPhone)]}
        >
          <Input placeholder="请输入联系电话" maxLength={20} data-testid="improve-contactTel" />
        </Form.Item>
        <Form.Item label="电子邮箱" name="email" rules={[optionalText(254, checkEmail)]}>
          <Input placeholder="选填" maxLength={254} autoComplete="email" data-testid="improve-email" />
        </Form.Item>
        <FormActions submit="提交并进入大厅" loading={saving.isPending} testId="improve-submit" />
      </Form>
    </>
  );
}

/**
 * /improveInfo 完善信息: a unit whose login answered 600067 lands here signed in; it completes
 * what the scheme needs beyond the registration (completionRegInfo) and goes on to /Home.
 */
export default function ImproveInfoPage() {
  const session = useSessionStore((state) => state.session);
  // Until the information is complete the way on is the form (or leaving), not the hall.
  const back = session ? (
    <button
      type="button"
      className="public-frame__back public-frame__back--button"
      onClick={() => void signOut(session.loginType)}
      data-testid="improve-logout"
    >
      退出登录
    </button>
  ) : undefined;
  return (
    <PublicFrame title="完善信息" narrow testId="improve-info-page" back={back}>
      <SignInRequired unitOnly>{() => <ImproveInfoForm />}</SignInRequired>
    </PublicFrame>
  );
}
