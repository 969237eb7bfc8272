import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { FileInfo } from '@hall/shared/files/index.ts';
import { ACCOUNT_RULES, checkRegAccount } from '@hall/shared/validation/account.ts';
import { checkIdCard } from '@hall/shared/validation/idCard.ts';
import { RequiredTitle } from '../../components/RequiredTitle';
import { EmpTypeItem } from '../../components/form/EmpTypeItem';
import { checkRule } from '../../lib/form-rules';
import { formLayout, requiredText, textOrUndefined } from '../../components/form/form-kit';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { PublicFrame } from '../../components/form/PublicFrame';
import { CaptchaFormItem } from '../../components/captcha/CaptchaFormItem';
import { useCaptcha } from '../../lib/captcha';
import { useChange } from '../../lib/use-change';
import { biddingRegister, checkUnitInfo, useDownloadPowerOfAttorney } from './api';
import { ResubmitCodeItem } from './components/ResubmitCodeItem';
import { AddressFields, composeAddress } from './components/AddressFields';
import { LegentTelItem, UnitIdentityFields } from './components/UnitIdentityFields';
import { AuthorizationUpload } from './components/AuthorizationUpload';
import { FormActions } from '../../components/form/FormActions';
import { useRegisterStore } from './register-store';
import './registration.css';

interface BiddingValues {
  captchaCode?: string;
  msgAuthCode?: string;
  empUact: string;
  pwd: string;
  confirmPassword: string;
  empName: string;
  uscc: string;
  regionCode?: string;
  addrDetail?: string;
  empType: string;
  legentName: string;
  entLegrepIdcard: string;
  legentTel: string;
  authorization?: string;
}

/** Fields the 授权委托书 prints when they are filled; each must pass its rule first. */
const LETTER_FIELDS: Array<keyof BiddingValues> = ['empUact', 'uscc', 'legentName', 'entLegrepIdcard', 'legentTel'];

/**
 * /mining-register: a unit that deals with the city union directly (公开招标). The power of
 * attorney is generated from the entered data, signed and stamped on paper, scanned and
 * uploaded; the registration then waits for review like any other.
 */
export default function MiningRegisterPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<BiddingValues>();
  const [file, setFile] = useState<FileInfo | null>(null);
  const downloading = useDownloadPowerOfAttorney();
  const submitting = useChange(register);
  /** The account is a rejected registration: its correction needs the original applicant's code. */
  const [resubmit, setResubmit] = useState<string | null>(null);
  const captcha = useCaptcha('mining-register');

  async function downloadLetter() {
    const filled = LETTER_FIELDS.filter((name) => textOrUndefined(form.getFieldValue(name)));
    try {
      await form.validateFields(['empName', ...filled]);
    } catch {
      return; // the messages show at the fields
    }
    const v = form.getFieldsValue();
    // 下载失败：… is shown by the request client.
    downloading.mutate({
      empName: v.empName.trim(),
      empUact: textOrUndefined(v.empUact),
      uscc: textOrUndefined(v.uscc)?.toUpperCase(),
      empAddr: textOrUndefined(await composeAddress(v.regionCode, v.addrDetail)),
      legentName: textOrUndefined(v.legentName),
      entLegrepIdcard: textOrUndefined(v.entLegrepIdcard)?.toUpperCase(),
      legentTel: textOrUndefined(v.legentTel),
    });
  }

  async function register(values: BiddingValues) {
    const empUact = values.empUact.trim();
    const uscc = values.uscc.trim().toUpperCase();
    let spent = false;
    try {
      const rejected = await checkUnitInfo({ empUact, empName: values.empName.trim(), uscc }, true);
      if (rejected && (resubmit !== empUact || !values.msgAuthCode)) {
        setResubmit(empUact); // shows the code field; the visitor asks for the code, then submits again
        return;
      }
      if (!rejected) setResubmit(null);
      spent = true;
      const done = await biddingRegister({
        captchaId: captcha.captchaId,
        captchaCode: (values.captchaCode ?? '').trim(),
        msgAuthCode: rejected ? values.msgAuthCode : undefined,
        empUact,
        pwd: values.pwd,
        confirmPassword: values.confirmPassword,
        empName: values.empName,
        uscc,
        empAddr: await composeAddress(values.regionCode, values.addrDetail),
        empType: values.empType,
        legentTel: values.legentTel,
        legentName: values.legentName,
        entLegrepIdcard: values.entLegrepIdcard.trim().toUpperCase(),
        authorization: values.authorization!,
        authFileName: file?.name,
      });
      useRegisterStore.setState({ submitted: done.empUact });
      navigate(`/registerEnd?uact=${encodeURIComponent(done.empUact)}`);
    } catch {
      // the server's message has been shown
      if (spent) {
        form.setFieldValue('captchaCode', ''); // the captcha was spent: a new one for the next try
        captcha.refresh();
      }
    }
  }

  return (
    <PublicFrame title="公开招标单位注册" narrow testId="mining-register-page" extra={<Link to="/unit-register">其他注册方式</Link>}>
      <Alert
        type="info"
        showIcon
        className="form-alert"
        title="办理流程"
        description="① 填写单位信息 → ② 下载授权委托书，由法定代表人签字并加盖单位公章 → ③ 扫描或拍照上传（PDF、JPG、PNG，不超过10MB） → ④ 提交，等待市总工会审核。"
      />
      <Form<BiddingValues> form={form} {...formLayout} onFinish={(values) => submitting.mutate(values)} data-testid="mining-form">
        <RequiredTitle>账号信息</RequiredTitle>
        <Form.Item
          label="单位账号"
          name="empUact"
          required
          extra={ACCOUNT_RULES.regAccount}
          rules={[requiredText('单位账号', 14, checkRegAccount)]}
        >
          <Input placeholder="请输入单位账号" maxLength={14} autoComplete="username" data-testid="bid-empUact" />
        </Form.Item>
        <NewPasswordFields testIds={['bid-pwd', 'bid-confirmPassword']} />

        <RequiredTitle>单位信息</RequiredTitle>
        <UnitIdentityFields testId="bid" />
        <EmpTypeItem testId="bid" />
        <AddressFields testId="bid" />

        <RequiredTitle>法定代表人</RequiredTitle>
        <Form.Item label="法定代表人姓名" name="legentName" required rules={[requiredText('法定代表人姓名', 20)]}>
          <Input placeholder="请输入法定代表人姓名" maxLength={20} data-testid="bid-legentName" />
        </Form.Item>
        <Form.Item label="身份证号码" name="entLegrepIdcard" required rules={[requiredText('法定代表人身份证号码', 18, checkIdCard)]}>
          <Input placeholder="请输入法定代表人身份证号码" maxLength={18} data-testid="bid-entLegrepIdcard" />
        </Form.Item>
        <LegentTelItem testId="bid" />

        <RequiredTitle>授权委托书</RequiredTitle>
        <Form.Item label="下载模板" extra="按上面填写的单位信息生成，下载后打印，由法定代表人签字并加盖单位公章">
          <Button icon={<DownloadOutlined />} loading={downloading.isPending} onClick={downloadLetter} data-testid="download-letter">
            下载授权委托书
          </Button>
        </Form.Item>
        <Form.Item label="上传签章件" name="authorization" required rules={[checkRule(() => null, '请上传已签章的授权委托书')]}>
          <AuthorizationUpload file={file} onFile={setFile} />
        </Form.Item>

        <RequiredTitle>提交验证</RequiredTitle>
        <CaptchaFormItem captcha={captcha} testId="bid" />
        {resubmit ? <ResubmitCodeItem uact={resubmit} captcha={captcha} form={form} testId="bid" /> : null}
        <FormActions submit="提交注册" loading={submitting.isPending} testId="bid-submit" link={['/gatePage', '已有账号，去登录']} />
      </Form>
    </PublicFrame>
  );
}
