import { Select, type FormRule } from 'antd';
import { DictType } from '@hall/shared/codes/dictionaries.ts';
import { checkCertNo } from '@hall/shared/validation/certificates.ts';
import { useDict } from '../../../lib/dict';
import { requiredText } from '../../../components/form/form-kit';

/** 居民身份证 first: most people register with it. */
export const DEFAULT_CERT_TYPE = '01';

/** Certificate types from the CERT_TYPE dictionary. */
export function CertTypeSelect({
  value,
  onChange,
  id,
  testId,
}: {
  value?: string;
  onChange?(v: string): void;
  id?: string;
  testId?: string;
}) {
  const { entries, loading } = useDict(DictType.CERT_TYPE);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      loading={loading}
      placeholder="请选择证件类型"
      options={entries.map((e) => ({ value: e.value, label: e.label }))}
      data-testid={testId}
    />
  );
}

/** The certificate number, checked by the type chosen in `typeField` (R42). */
export const certNoRule =
  (label: string, typeField: string): FormRule =>
  ({ getFieldValue }) =>
    requiredText(label, 20, (v) => checkCertNo(getFieldValue(typeField), v));
