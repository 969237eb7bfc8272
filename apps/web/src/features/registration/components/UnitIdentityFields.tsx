import { Form, Input } from 'antd';
import { checkMobile } from '@hall/shared/validation/contact.ts';
import { checkUscc } from '@hall/shared/validation/uscc.ts';
import { requiredText } from '../../../components/form/form-kit';

/** 单位名称 and 统一社会信用代码, the same in the unit and the public-bidding registration. */
export function UnitIdentityFields({ testId }: { testId: string }) {
  return (
    <>
      <Form.Item label="单位名称" name="empName" required rules={[requiredText('单位名称', 500)]}>
        <Input placeholder="请输入单位名称（与营业执照一致）" maxLength={500} data-testid={`${testId}-empName`} />
      </Form.Item>
      <Form.Item label="统一社会信用代码" name="uscc" required rules={[requiredText('统一社会信用代码', 18, checkUscc)]}>
        <Input placeholder="请输入18位统一社会信用代码" maxLength={18} data-testid={`${testId}-uscc`} />
      </Form.Item>
    </>
  );
}

/** The legal representative's mobile, where the review's result goes by SMS (both registrations). */
export function LegentTelItem({ testId }: { testId: string }) {
  const rules = [requiredText('法定代表人手机号码', 11, checkMobile)];
  return (
    <Form.Item label="手机号码" name="legentTel" required extra="用于接收审核结果短信" rules={rules}>
      <Input placeholder="请输入法定代表人手机号码" maxLength={11} inputMode="numeric" data-testid={`${testId}-legentTel`} />
    </Form.Item>
  );
}
