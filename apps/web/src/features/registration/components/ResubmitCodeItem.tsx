import { CODE_VALIDITY } from '@hall/shared/constants.ts';
import { Alert, type FormInstance } from 'antd';
import { SmsCodeField } from '../../../components/form/SmsCodeField';
import type { Captcha } from '../../../lib/captcha';
import { sendCodeToPhoneOnRecord } from '../../../lib/sms-code';
import { toast } from '../../../lib/feedback';

/** What the page says: the server answers alike whatever the account, so "the original phone". */
export const RESUBMIT_HINT = '该单位账号的注册申请未通过审核。修改后重新提交，需验证原申请时填写的法定代表人手机号码。';

/**
 * A rejected registration's correction: the code sent to the phone the original application gave
 * (getPsnMobCode, purpose register-resubmit) proves it is the same applicant. The send spends the
 * form's image captcha; a new one is shown for the submission.
 */
export function ResubmitCodeItem({ uact, captcha, form, testId }: { uact: string; captcha: Captcha; form: FormInstance; testId: string }) {
  async function send(): Promise<string> {
    const proof = { captchaId: captcha.captchaId, captchaCode: String(form.getFieldValue('captchaCode') ?? '').trim() };
    try {
      await sendCodeToPhoneOnRecord(uact, 'unit', 'register-resubmit', proof);
      return '';
    } finally {
      form.setFieldValue('captchaCode', '');
      captcha.refresh();
    }
  }
  return (
    <>
      <Alert type="warning" showIcon className="form-alert" title={RESUBMIT_HINT} data-testid={`${testId}-resubmit`} />
      <SmsCodeField
        label="原申请手机验证码"
        extra={`验证码将发送至原申请时填写的法定代表人手机号码，${CODE_VALIDITY}`}
        inputTestId={`${testId}-resubmit-code`}
        testId={`${testId}-resubmit-send`}
        validate={() =>
          form.validateFields(['captchaCode']).then(
            () => true,
            () => false,
          )
        }
        send={send}
        onSent={() => toast.success('验证码已发送至原申请手机号码')}
      />
    </>
  );
}
