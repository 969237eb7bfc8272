import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Result } from 'antd';
import { useNavigate } from 'react-router';
import { RequiredTitle } from '../../components/RequiredTitle';
import { formLayout, optionalText, requiredChoice, requiredText, textOrUndefined } from '../../components/form/form-kit';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { PublicFrame } from '../../components/form/PublicFrame';
import { CaptchaFormItem } from '../../components/captcha/CaptchaFormItem';
import { useCaptcha } from '../../lib/captcha';
import { useInsertRegisterInfo } from './api';
import { ResubmitCodeItem } from './components/ResubmitCodeItem';
import { AddressFields, composeAddress } from './components/AddressFields';
import { LegentTelItem, UnitIdentityFields } from './components/UnitIdentityFields';
import { certNoRule, CertTypeSelect, DEFAULT_CERT_TYPE } from './components/CertTypeSelect';
import { RegisterSteps } from './components/RegisterSteps';
import { FormActions } from '../../components/form/FormActions';
import { accountStepReady, unitDraft, useRegisterStore, type UnitStep } from './register-store';
import './registration.css';

/** Step 2's form: the unit, and the proofs of this submission (never kept in the step store). */

/**
 * /registerNext, step 2: the unit (name, codes, address) and its legal representative, whose
 * certificate number is checked by the certificate type. Submits the whole registration
 * (insertRegisterInfo) and shows its state on /registerEnd.
 *
 * What is typed here is kept in session storage (register-store) as it is typed. After a reload
 * the form comes back filled in; only the step-1 passwords, which are never stored, are asked
 * for again at the top of the form.
 */
/** Step 2's fields, plus the passwords asked again after a reload (never stored). */
type StepTwoValues = UnitStep & { pwd?: string; confirmPassword?: string; captchaCode?: string; msgAuthCode?: string };

export default function RegisterNextPage() {
  const navigate = useNavigate();
  const { account, unit, saveAccount, saveUnit, finish } = useRegisterStore();
  const [form] = Form.useForm<StepTwoValues>();
  const submitting = useInsertRegisterInfo();
  // Step 1 was done, but a reload dropped its passwords (kept in memory only): ask for them here.
  const [askPassword] = useState(() => Boolean(account?.empUact && account.parentUact) && !accountStepReady(account));
  const captcha = useCaptcha('register', Boolean(account));

  if (!account || (!askPassword && !accountStepReady(account))) {
    return (
      <PublicFrame title="单位注册" narrow testId="register-next-page">
        <RegisterSteps current={1} />
        <Result
          status="info"
          title="请先设置单位账号和密码"
          subTitle="注册的第一步尚未完成（或页面刷新后密码已清除），请返回第一步重新填写。"
          extra={
            <Button type="primary" onClick={() => navigate('/register')} data-testid="register-back">
              返回第一步
            </Button>
          }
        />
      </PublicFrame>
    );
  }

  async function submit(values: StepTwoValues) {
    const pwd = askPassword ? values.pwd! : account!.pwd;
    const confirmPassword = askPassword ? values.confirmPassword! : account!.confirmPassword;
    if (askPassword) saveAccount({ ...account!, pwd, confirmPassword });
    submitting.mutate(
      {
        empUact: account!.empUact,
        pwd,
        confirmPassword,
        parentUact: account!.parentUact,
        empName: values.empName,
        empNo: textOrUndefined(values.empNo),
        uscc: values.uscc.trim().toUpperCase(),
        bizreglic: textOrUndefined(values.bizreglic),
        taxRegNo: textOrUndefined(values.taxRegNo),
        legentTel: values.legentTel,
        empAddr: await composeAddress(values.regionCode, values.addrDetail),
        legentName: values.legentName,
        certType: values.certType,
        entLegrepIdcard: values.entLegrepIdcard.trim().toUpperCase(),
        captchaId: captcha.captchaId,
        captchaCode: (values.captchaCode ?? '').trim(),
        msgAuthCode: account!.resubmit ? values.msgAuthCode : undefined,
      },
      {
        onSuccess: (done) => {
          finish(done.empUact);
          navigate(`/registerEnd?uact=${encodeURIComponent(done.empUact)}`);
        },
        // The server's message has been shown; the captcha was spent (single use): a new one for the next try.
        onError: () => {
          form.setFieldValue('captchaCode', '');
          captcha.refresh();
        },
      },
    );
  }

  const back = () => {
    saveUnit(unitDraft(form.getFieldsValue()));
    navigate('/register');
  };

  return (
    <PublicFrame title="单位注册" narrow testId="register-next-page">
      <RegisterSteps current={1} />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        className="register-summary"
        items={[
          { key: 'uact', label: '单位账号', children: account.empUact },
          { key: 'parent', label: '上级工会', children: account.parentName || account.parentUact },
        ]}
      />
      <Form<StepTwoValues>
        form={form}
        {...formLayout}
        initialValues={{ certType: DEFAULT_CERT_TYPE, ...unit }}
        onValuesChange={(_changed, all) => saveUnit(unitDraft(all))}
        onFinish={submit}
        data-testid="register-next-form"
      >
        {askPassword ? (
          <>
            <Alert
              type="info"
              showIcon
              className="register-restored"
              title="页面已刷新，已填写的内容已恢复。为保护账号安全，密码不会保存，请重新输入登录密码。"
              data-testid="register-restored"
            />
            <RequiredTitle>登录密码</RequiredTitle>
            <NewPasswordFields testIds={['reg-pwd', 'reg-confirmPassword']} />
          </>
        ) : null}
        <RequiredTitle>单位信息</RequiredTitle>
        <UnitIdentityFields testId="reg" />
        <Form.Item label="单位编号" name="empNo" rules={[optionalText(20)]}>
          <Input placeholder="选填" maxLength={20} data-testid="reg-empNo" />
        </Form.Item>
        <Form.Item label="营业执照注册号" name="bizreglic" rules={[optionalText(20)]}>
          <Input placeholder="选填" maxLength={20} data-testid="reg-bizreglic" />
        </Form.Item>
        <Form.Item label="税务登记号" name="taxRegNo" rules={[optionalText(20)]}>
          <Input placeholder="选填" maxLength={20} data-testid="reg-taxRegNo" />
        </Form.Item>
        <AddressFields />

        <RequiredTitle>法定代表人</RequiredTitle>
        <Form.Item label="法定代表人姓名" name="legentName" required rules={[requiredText('法定代表人姓名', 20)]}>
          <Input placeholder="请输入法定代表人姓名" maxLength={20} data-testid="reg-legentName" />
        </Form.Item>
        <Form.Item label="证件类型" name="certType" required rules={[requiredChoice('证件类型')]}>
          <CertTypeSelect testId="reg-certType" />
        </Form.Item>
        <Form.Item
          label="证件号码"
          name="entLegrepIdcard"
          required
          dependencies={['certType']}
          rules={[certNoRule('法定代表人证件号码', 'certType')]}
        >
          <Input placeholder="请输入法定代表人证件号码" maxLength={20} data-testid="reg-entLegrepIdcard" />
        </Form.Item>
        <LegentTelItem testId="reg" />

        <RequiredTitle>提交验证</RequiredTitle>
        <CaptchaFormItem captcha={captcha} testId="register" />
        {account.resubmit ? <ResubmitCodeItem uact={account.empUact} captcha={captcha} form={form} testId="register" /> : null}
        <FormActions
          submit="提交注册"
          loading={submitting.isPending}
          testId="register-submit"
          link={['/gateRule', '注册须知']}
          before={
            <Button onClick={back} data-testid="register-prev">
              上一步
            </Button>
          }
        />
      </Form>
    </PublicFrame>
  );
}
