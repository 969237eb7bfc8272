import { Form, Input } from 'antd';
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
