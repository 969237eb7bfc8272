import { useState } from 'react';
import { Button, Descriptions, Form, Input, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import { checkMobile } from '@hall/shared/validation/contact.ts';
import { RequiredTitle } from '../../components/RequiredTitle';
import { formLayout, optionalText, requiredChoice, requiredText, textOrUndefined } from '../public/form-kit';
import { PublicFrame } from '../public/PublicFrame';
import { insertRegisterInfo } from './api';
import { AddressFields, composeAddress } from './components/AddressFields';
import { UnitIdentityFields } from './components/UnitIdentityFields';
import { certNoRule, CertTypeSelect, DEFAULT_CERT_TYPE } from './components/CertTypeSelect';
import { RegisterSteps } from './components/RegisterSteps';
import { accountStepReady, useRegisterStore, type UnitStep } from './register-store';
import './registration.css';

/**
 * /registerNext, step 2: the unit (name, codes, address) and its legal representative, whose
 * certificate number is checked by the certificate type. Submits the whole registration
 * (insertRegisterInfo) and shows its state on /registerEnd.
 */
export default function RegisterNextPage() {
  const navigate = useNavigate();
  const { account, unit, saveUnit, finish } = useRegisterStore();
  const [form] = Form.useForm<UnitStep>();
  const [submitting, setSubmitting] = useState(false);

  if (!accountStepReady(account)) {
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

  async function submit(values: UnitStep) {
    if (!account) return;
    setSubmitting(true);
    try {
      const empAddr = await composeAddress(values.regionCode, values.addrDetail);
      const done = await insertRegisterInfo({
        empUact: account.empUact,
        pwd: account.pwd,
        confirmPassword: account.confirmPassword,
        parentUact: account.parentUact,
        empName: values.empName,
        empNo: textOrUndefined(values.empNo),
        uscc: values.uscc.trim().toUpperCase(),
        bizreglic: textOrUndefined(values.bizreglic),
        taxRegNo: textOrUndefined(values.taxRegNo),
        legentTel: values.legentTel,
        empAddr,
        legentName: values.legentName,
        certType: values.certType,
        entLegrepIdcard: values.entLegrepIdcard.trim().toUpperCase(),
      });
      finish(done.empUact);
      navigate(`/registerEnd?uact=${encodeURIComponent(done.empUact)}`);
    } catch {
      setSubmitting(false); // the server's message has been shown
    }
  }

  const back = () => {
    saveUnit(form.getFieldsValue());
    navigate('/register');
  };

  return (
    <PublicFrame title="单位注册" narrow testId="register-next-page">
      <RegisterSteps current={1} />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="register-summary" items={[
        { key: 'uact', label: '单位账号', children: account.empUact },
        { key: 'parent', label: '上级工会', children: account.parentName || account.parentUact },
      ]} />
      <Form<UnitStep>
        form={form}
        {...formLayout}
        initialValues={{ certType: DEFAULT_CERT_TYPE, ...unit }}
        onValuesChange={(_changed, all) => saveUnit(all)}
        onFinish={submit}
        data-testid="register-next-form"
      >
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
        <Form.Item label="证件号码" name="entLegrepIdcard" required dependencies={['certType']} rules={[certNoRule('法定代表人证件号码', 'certType')]}>
          <Input placeholder="请输入法定代表人证件号码" maxLength={20} data-testid="reg-entLegrepIdcard" />
        </Form.Item>
        <Form.Item label="手机号码" name="legentTel" required extra="用于接收审核结果短信" rules={[requiredText('法定代表人手机号码', 11, checkMobile)]}>
          <Input placeholder="请输入法定代表人手机号码" maxLength={11} inputMode="numeric" data-testid="reg-legentTel" />
        </Form.Item>

        <Form.Item label=" " className="form-actions">
          <Button onClick={back} data-testid="register-prev">
            上一步
          </Button>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="register-submit">
            提交注册
          </Button>
          <Link to="/gateRule" className="form-actions__link">
            注册须知
          </Link>
        </Form.Item>
      </Form>
    </PublicFrame>
  );
}
