import { Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_RULES, checkRegAccount } from '@hall/shared/validation/account.ts';
import { RequiredTitle } from '../../components/RequiredTitle';
import { formLayout, requiredChoice, requiredText } from '../../components/form/form-kit';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { PublicFrame } from '../../components/form/PublicFrame';
import { useCheckAccount } from './api';
import { ParentUnionSelect } from './components/ParentUnionSelect';
import { RegisterSteps } from './components/RegisterSteps';
import { FormActions } from '../../components/form/FormActions';
import { useRegisterStore, type AccountStep } from './register-store';
import './registration.css';

/**
 * /register, step 1 of the unit registration: account, password and the union the unit registers
 * under. The account is checked with the server (checkUnitinfo) before step 2; what was entered
 * stays in the step store when the visitor goes on or comes back.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const { account, saveAccount } = useRegisterStore();
  const [form] = Form.useForm<AccountStep>();
  const checking = useCheckAccount();
  const parentName = Form.useWatch('parentName', form) ?? account?.parentName;

  // 该单位账号已被注册，请更换账号 is shown by the request client.
  const next = (values: AccountStep) =>
    checking.mutate(values.empUact.trim(), {
      onSuccess: (resubmit, empUact) => {
        saveAccount({ ...values, empUact, resubmit });
        navigate('/registerNext');
      },
    });

  return (
    <PublicFrame title="单位注册" narrow testId="register-page" extra={<Link to="/unit-register">其他注册方式</Link>}>
      <RegisterSteps current={0} />
      <RequiredTitle>设置账号</RequiredTitle>
      <Form<AccountStep> form={form} {...formLayout} initialValues={account ?? undefined} onFinish={next} data-testid="register-form">
        <Form.Item
          label="单位账号"
          name="empUact"
          required
          extra={`${ACCOUNT_RULES.regAccount}；审核通过后用于登录`}
          rules={[requiredText('单位账号', 14, checkRegAccount)]}
        >
          <Input placeholder="请输入单位账号" maxLength={14} autoComplete="username" data-testid="reg-empUact" />
        </Form.Item>
        <NewPasswordFields testIds={['reg-pwd', 'reg-confirmPassword']} />
        <Form.Item
          label="上级工会"
          name="parentUact"
          required
          extra="单位所属的联合基层工会或行业工会"
          rules={[requiredChoice('上级工会')]}
        >
          <ParentUnionSelect knownName={parentName} onChange={(_uact, union) => form.setFieldValue('parentName', union?.empName ?? '')} />
        </Form.Item>
        <Form.Item name="parentName" hidden>
          <Input />
        </Form.Item>
        <FormActions submit="下一步" loading={checking.isPending} testId="register-next" link={['/gatePage', '已有账号，去登录']} />
      </Form>
    </PublicFrame>
  );
}
