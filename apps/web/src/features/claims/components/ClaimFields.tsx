import { DatePicker, Form, type FormInstance, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import '../../../lib/dayjs-zh';
import { CLAIM_TYPES, type ClaimType } from '@hall/shared/benefits/index.ts';
import { stayDays } from '@hall/shared/benefits/rule.ts';
import type { ClaimDetail } from '../api/claim-detail';
import type { ClaimFormInput } from '../api/claim-form';
import type { FilerRole } from '../api/roles';
import { ClaimStaffPicker } from './ClaimStaffPicker';
import { DiagnosisNameInput, DiagnosisPicker } from './DiagnosisPicker';

const TYPE_OPTIONS = (Object.keys(CLAIM_TYPES) as ClaimType[]).map((t) => ({ value: t, label: CLAIM_TYPES[t].label }));

export interface ClaimValues {
  staffId?: number;
  type?: ClaimType;
  admittedOn?: Dayjs | null;
  dischargedOn?: Dayjs | null;
  hospitalName?: string;
  diagnosisCode?: string;
  diagnosisName?: string;
  invoiceYuan?: number | null;
  bankName?: string;
  bankCard?: string;
  note?: string;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** The form's values as the call takes them (yuan → fen; a type's unused fields left out). */
export function toInput(v: ClaimValues, id: number | null): ClaimFormInput | null {
  if (!v.type) return null;
  const stay = CLAIM_TYPES[v.type].stay;
  return {
    id: id ?? undefined,
    staffId: v.staffId as number,
    type: v.type,
    ...(stay
      ? {
          admittedOn: day(v.admittedOn),
          dischargedOn: day(v.dischargedOn),
          hospitalName: v.hospitalName?.trim() || undefined,
          diagnosisCode: v.diagnosisCode?.trim() || undefined,
          diagnosisName: v.diagnosisName?.trim() || undefined,
          invoiceFen: v.type === 'manual' && typeof v.invoiceYuan === 'number' ? Math.round(v.invoiceYuan * 100) : undefined,
        }
      : {}),
    bankName: v.bankName?.trim() || undefined,
    bankCard: v.bankCard?.trim() || undefined,
    note: v.note?.trim() || undefined,
  };
}

/**
 * The fields of 补助申请: the staff member (the unit files for one), the type, for a stay its dates,
 * hospital and diagnosis (the list types pick from the disease list), invoices for 手工报销, the
 * bank card and a note. What a type does not use is not shown.
 */
export function ClaimFields({
  form,
  filer,
  editable,
  loaded,
}: {
  form: FormInstance<ClaimValues>;
  filer: FilerRole;
  editable: boolean;
  loaded: ClaimDetail | undefined;
}) {
  const values = Form.useWatch([], form) as ClaimValues | undefined;
  const type = values?.type;
  const info = type ? CLAIM_TYPES[type] : null;
  const admitted = values?.admittedOn;
  const discharged = values?.dischargedOn;
  const days = admitted && discharged && !admitted.isAfter(discharged) ? stayDays(day(admitted)!, day(discharged)!) : null;
  const list = type === 'major_disease' || type === 'female_disease' ? type : null;
  const pickDiagnosis = (d: { code: string; name: string }) => form.setFieldsValue({ diagnosisCode: d.code, diagnosisName: d.name });
  return (
    <Form form={form} layout="vertical" disabled={!editable} className="claim-form__fields">
      {filer === 'unit' ? (
        <Form.Item name="staffId" label="职工" rules={[{ required: true, message: '请选择申请补助的职工' }]}>
          <ClaimStaffPicker
            saved={
              loaded?.form.staffId ? { staffId: loaded.form.staffId, name: loaded.claim.personName, certNo: loaded.claim.certNo } : null
            }
          />
        </Form.Item>
      ) : null}
      <Form.Item name="type" label="补助类型" rules={[{ required: true, message: '请选择补助类型' }]} extra={info?.amountNote}>
        <Select options={TYPE_OPTIONS} placeholder="请选择补助类型" data-testid="claim-type" aria-label="补助类型" />
      </Form.Item>
      {info?.stay ? (
        <>
          <Space wrap className="claim-form__row">
            <Form.Item name="admittedOn" label="入院日期" rules={[{ required: true, message: '请选择入院日期' }]}>
              <DatePicker placeholder="入院日期" disabledDate={(d) => d.isAfter(dayjs())} />
            </Form.Item>
            <Form.Item name="dischargedOn" label="出院日期" rules={[{ required: true, message: '请选择出院日期' }]}>
              <DatePicker
                placeholder="出院日期"
                disabledDate={(d) => d.isAfter(dayjs()) || (admitted ? d.isBefore(admitted, 'day') : false)}
              />
            </Form.Item>
            <Form.Item label="住院天数">
              <span className="claim-days" data-testid="claim-days">
                {days === null ? '—' : `${days} 天`}
              </span>
            </Form.Item>
          </Space>
          <Form.Item name="hospitalName" label="医院名称" rules={[{ required: true, message: '请填写医院名称' }]}>
            <Input maxLength={100} placeholder="如：中南大学湘雅医院" />
          </Form.Item>
          {list ? (
            <Form.Item name="diagnosisCode" label="诊断（疾病目录）" rules={[{ required: true, message: '请从疾病目录中选择诊断' }]}>
              <DiagnosisPicker key={list} list={list} onPick={pickDiagnosis} savedName={loaded?.claim.diagnosisName ?? undefined} />
            </Form.Item>
          ) : (
            <Space wrap className="claim-form__row">
              <Form.Item name="diagnosisName" label="诊断" rules={[{ required: true, message: '请填写诊断' }]}>
                <DiagnosisNameInput onPick={pickDiagnosis} />
              </Form.Item>
              <Form.Item name="diagnosisCode" label="诊断编码（ICD-10，选填）">
                <Input maxLength={20} placeholder="如 J18.9" />
              </Form.Item>
            </Space>
          )}
          {list ? <Form.Item name="diagnosisName" hidden /> : null}
          {type === 'manual' ? (
            <Form.Item
              name="invoiceYuan"
              label="发票中政策范围内个人自付金额（元）"
              rules={[{ required: true, message: '请填写发票中政策范围内个人自付金额' }]}
            >
              <InputNumber min={0} precision={2} style={{ width: 220 }} placeholder="0.00" />
            </Form.Item>
          ) : null}
        </>
      ) : null}
      <Space wrap className="claim-form__row">
        <Form.Item name="bankName" label="开户银行">
          <Input maxLength={60} placeholder="默认为登记的银行" />
        </Form.Item>
        <Form.Item name="bankCard" label="银行卡号" rules={[{ pattern: /^\d{12,30}$/, message: '银行卡号须为12-30位数字' }]}>
          <Input maxLength={30} placeholder="默认为登记的银行卡" inputMode="numeric" />
        </Form.Item>
      </Space>
      <Form.Item name="note" label="备注">
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </Form>
  );
}
