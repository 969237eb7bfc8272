import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import '../../../lib/dayjs-zh';
import { CLAIM_TYPES, type ClaimType } from '@hall/shared/benefits/index.ts';
import { stayDays } from '@hall/shared/benefits/rule.ts';
import { GuardedButton } from '../../../components/GuardedButton';
import { claimDetailKey, useClaimDetail } from '../api/claim-detail';
import { type ClaimFormInput, deleteClaim, saveClaim, submitClaim, useClaimPreview } from '../api/claim-form';
import { claimListKey } from '../api/claim-list';
import type { FilerRole } from '../api/roles';
import { AttachmentsPanel } from './AttachmentsPanel';
import { ClaimStaffPicker } from './ClaimStaffPicker';
import { DiagnosisNameInput, DiagnosisPicker } from './DiagnosisPicker';
import { money } from './labels';
import { useSettled } from './use-settled';

const TYPE_OPTIONS = (Object.keys(CLAIM_TYPES) as ClaimType[]).map((t) => ({ value: t, label: CLAIM_TYPES[t].label }));

interface Values {
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
export function toInput(v: Values, id: number | null): ClaimFormInput | null {
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
 * 补助申请 form, for the unit (with the staff picker) and the worker: type, the stay, diagnosis
 * (the list types pick from the disease list), invoices for 手工报销, bank card, the amount the
 * rule gives as a preview with what would still refuse it, the attachments by kind; save as draft,
 * submit. `claimId` continues a draft or returned claim.
 */
export function ClaimForm({ filer, claimId: initialId, onDone }: { filer: FilerRole; claimId: number | null; onDone(): void }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [id, setId] = useState<number | null>(initialId);
  const [busy, setBusy] = useState(false);
  const detail = useClaimDetail(filer, id);
  const values = Form.useWatch([], form) as Values | undefined;
  const type = values?.type;
  const info = type ? CLAIM_TYPES[type] : null;
  const input = useMemo(() => (values ? toInput(values, id) : null), [values, id]);
  // The preview is asked once typing pauses.
  const settled = useSettled(input && (filer === 'personal' || input.staffId) ? input : null, 400);
  const preview = useClaimPreview(filer, settled);
  const editable = id === null || detail.data?.claim.canEdit === true;

  // A draft or returned claim: its saved fields fill the form once.
  const loaded = detail.data;
  useEffect(() => {
    if (!loaded || loaded.claim.id !== initialId) return;
    const c = loaded.claim;
    form.setFieldsValue({
      staffId: loaded.form.staffId ?? undefined,
      type: c.type,
      admittedOn: c.admittedOn ? dayjs(c.admittedOn) : null,
      dischargedOn: c.dischargedOn ? dayjs(c.dischargedOn) : null,
      hospitalName: c.hospitalName ?? undefined,
      diagnosisCode: c.diagnosisCode ?? undefined,
      diagnosisName: c.diagnosisName ?? undefined,
      invoiceYuan: c.invoiceFen === null ? null : c.invoiceFen / 100,
      bankName: c.bankName ?? undefined,
      bankCard: loaded.form.bankCard ?? undefined,
      note: c.note ?? undefined,
    });
  }, [loaded, initialId, form]);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: claimDetailKey });
    void client.invalidateQueries({ queryKey: claimListKey });
  };

  const save = async () => {
    const v = await form.validateFields();
    const body = toInput(v, id);
    if (!body) return null;
    const saved = await saveClaim(filer, body);
    setId(saved.claim.id);
    client.setQueryData([...claimDetailKey, filer, saved.claim.id], saved);
    refresh();
    return saved;
  };

  const onSave = async () => {
    setBusy(true);
    try {
      const saved = await save();
      if (saved) message.success(`已保存草稿 ${saved.claim.claimNo}，请上传申请材料后提交`);
    } catch {
      // form errors are shown on the fields; refusals by the request client
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setBusy(true);
    try {
      const saved = await save();
      if (!saved) return;
      const done = await submitClaim(filer, saved.claim.id);
      refresh();
      message.success(`补助申请 ${done.claim.claimNo} 已提交，当前状态：${done.claim.stateLabel}`);
      onDone();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };

  /** 提交申请: the fields checked first (errors on the fields), then a confirmation, as 删除 asks. */
  const onSubmit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    modal.confirm({
      title: '提交这份补助申请？',
      content:
        filer === 'unit'
          ? '提交后进入审核，审核期间不能修改；被退回补正后可修改再提交。'
          : '提交后由所在单位审核，审核期间不能修改；被退回补正后可修改再提交。',
      okText: '提交',
      onOk: submit,
    });
  };

  const onDelete = () =>
    modal.confirm({
      title: '删除这份草稿？',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        if (id === null) return;
        try {
          await deleteClaim(filer, id);
          refresh();
          onDone();
        } catch {
          // shown by the request client
        }
      },
    });

  const admitted = values?.admittedOn;
  const discharged = values?.dischargedOn;
  const days = admitted && discharged && !admitted.isAfter(discharged) ? stayDays(day(admitted)!, day(discharged)!) : null;
  const list = type === 'major_disease' || type === 'female_disease' ? type : null;
  const pickDiagnosis = (d: { code: string; name: string }) => form.setFieldsValue({ diagnosisCode: d.code, diagnosisName: d.name });

  return (
    <div className="claim-form" data-testid="claim-form">
      {loaded?.claim.state === 'returned' && loaded.claim.reason ? (
        <Alert type="error" showIcon title={`退回补正：${loaded.claim.reason}`} className="claim-form__alert" />
      ) : null}
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

      <section className="claim-preview" data-testid="claim-preview" aria-live="polite">
        <div>
          预计补助金额：<strong>{preview.data ? money(preview.data.amountFen) : '—'}</strong>
          {preview.data?.basis ? <span className="claim-hint">（{preview.data.basis}）</span> : null}
        </div>
        {preview.data?.problems.length ? (
          <ul className="claim-problems">
            {preview.data.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
      </section>

      {type ? (
        <>
          <h3 className="claim-view__head">申请材料</h3>
          <AttachmentsPanel
            filer={filer}
            type={type}
            claimId={id}
            detail={detail.data}
            editable={editable}
            onChanged={() => void client.invalidateQueries({ queryKey: claimDetailKey })}
          />
        </>
      ) : null}

      <div className="claim-form__actions">
        <Button onClick={onDone}>返回</Button>
        {id !== null && detail.data?.claim.canDelete ? (
          <Button danger onClick={onDelete}>
            删除草稿
          </Button>
        ) : null}
        <GuardedButton onClick={onSave} loading={busy} disabled={!editable} data-testid="claim-save">
          保存草稿
        </GuardedButton>
        <GuardedButton type="primary" onClick={onSubmit} loading={busy} disabled={!editable || id === null} data-testid="claim-submit">
          提交申请
        </GuardedButton>
      </div>
    </div>
  );
}
