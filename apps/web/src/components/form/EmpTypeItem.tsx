import { Form, Select } from 'antd';
import { DictType } from '@hall/shared/codes/dictionaries.ts';
import { useDict } from '../../lib/dict';
import { requiredChoice } from './form-kit';

/** 单位类型, from the EMP_TYPE dictionary: the same in the public-bidding registration and 完善单位信息. */
export function EmpTypeItem({ testId }: { testId: string }) {
  const empTypes = useDict(DictType.EMP_TYPE);
  return (
    <Form.Item label="单位类型" name="empType" required rules={[requiredChoice('单位类型')]}>
      <Select
        placeholder="请选择单位类型"
        loading={empTypes.loading}
        options={empTypes.entries.map((e) => ({ value: e.value, label: e.label }))}
        data-testid={`${testId}-empType`}
      />
    </Form.Item>
  );
}
