import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form } from 'antd';
import dayjs from 'dayjs';
import { GuardedButton } from '../../../components/GuardedButton';
import { claimDetailKey, useClaimDetail } from '../api/claim-detail';
import { useClaimPreview, useDeleteClaim, useSaveClaim, useSubmitClaim } from '../api/claim-form';
import type { FilerRole } from '../api/roles';
import { AttachmentsPanel } from './AttachmentsPanel';
import { ClaimFields, type ClaimValues, toInput } from './ClaimFields';
import { money } from './labels';
import { useSettled } from './use-settled';

/**
 * 补助申请 form, for the unit (with the staff picker) and the worker: type, the stay, diagnosis
 * (the list types pick from the disease list), invoices for 手工报销, bank card, the amount the
 * rule gives as a preview with what would still refuse it, the attachments by kind; save as draft,
 * submit. `claimId` continues a draft or returned claim.
 */
export function ClaimForm({ filer, claimId: initialId, onDone }: { filer: FilerRole; claimId: number | null; onDone(): void }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<ClaimValues>();
  const [id, setId] = useState<number | null>(initialId);
  const saving = useSaveClaim(filer);
  const submitting = useSubmitClaim(filer);
  const deleting = useDeleteClaim(filer);
  const busy = saving.isPending || submitting.isPending;
  const detail = useClaimDetail(filer, id);
  const values = Form.useWatch([], form) as ClaimValues | undefined;
  const type = values?.type;
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

  /** 保存草稿 (and the first step of 提交): the fields checked first, errors shown on them. */
  const save = async () => {
    const body = toInput(await form.validateFields(), id);
    if (!body) return null;
    const saved = await saving.mutateAsync(body);
    setId(saved.claim.id);
    return saved;
  };

  const onSave = () =>
    save().then(
      (saved) => saved && message.success(`已保存草稿 ${saved.claim.claimNo}，请上传申请材料后提交`),
      // form errors are shown on the fields; refusals by the request client
      () => undefined,
    );

  const submit = () =>
    save()
      .then(async (saved) => {
        if (!saved) return;
        const done = await submitting.mutateAsync(saved.claim.id);
        message.success(`补助申请 ${done.claim.claimNo} 已提交，当前状态：${done.claim.stateLabel}`);
        onDone();
      })
      .catch(() => undefined); // shown by the request client

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
      onOk: () => (id === null ? undefined : deleting.mutateAsync(id).then(onDone, () => undefined)),
    });

  return (
    <div className="claim-form" data-testid="claim-form">
      {loaded?.claim.state === 'returned' && loaded.claim.reason ? (
        <Alert type="error" showIcon title={`退回补正：${loaded.claim.reason}`} className="claim-form__alert" />
      ) : null}
      <ClaimFields form={form} filer={filer} editable={editable} loaded={loaded} />

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
