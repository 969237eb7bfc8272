import { useState } from 'react';
import { Button, Modal, Radio, Result, Select } from 'antd';
import type { ApplicationItem, PeriodInfo } from '@hall/shared/contracts/enrolment.ts';
import type { ApplicationKind } from '@hall/shared/enrolment/index.ts';
import { GuardedButton } from '../../../components/GuardedButton';
import { useCreateApplication } from '../api/apply-create';
import { kindAllowed } from '../period-choice';

/** 新建申请: a period open to applications and the kind it allows today (新参 in its enrolment window, 增员 while it is in force). */
export function CreateDialog({
  open,
  periods,
  initialYear,
  onClose,
  onCreated,
}: {
  open: boolean;
  periods: readonly PeriodInfo[];
  initialYear?: number;
  onClose(): void;
  onCreated(a: ApplicationItem): void;
}) {
  const open_ = periods.filter((p) => p.canApplyNew || p.canApplyAdd);
  const [year, setYear] = useState<number | undefined>(undefined);
  const chosenYear = year ?? (open_.some((p) => p.year === initialYear) ? initialYear : open_[0]?.year);
  const period = open_.find((p) => p.year === chosenYear);
  const [kind, setKind] = useState<ApplicationKind | undefined>(undefined);
  const chosenKind = kind && (kind === 'new' ? period?.canApplyNew : period?.canApplyAdd) ? kind : (kindAllowed(period) ?? undefined);
  const creating = useCreateApplication();
  const create = () => chosenYear && chosenKind && creating.mutate({ periodYear: chosenYear, kind: chosenKind }, { onSuccess: onCreated });
  return (
    <Modal
      open={open}
      title="新建互助申请"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <GuardedButton
          key="ok"
          type="primary"
          loading={creating.isPending}
          disabled={!chosenKind}
          onClick={create}
          data-testid="create-submit"
        >
          新建
        </GuardedButton>,
      ]}
    >
      {open_.length === 0 ? (
        <Result status="info" title="当前没有可办理的互助期" subTitle="新参申请在申报期内办理，增员申请在互助期内办理。" />
      ) : (
        <div className="apply-create">
          <div className="apply-create__row">
            <span>互助期</span>
            <Select
              aria-label="互助期"
              value={chosenYear}
              style={{ width: 240 }}
              options={open_.map((p) => ({ value: p.year, label: `${p.year}年度（${p.phaseLabel}）` }))}
              onChange={setYear}
            />
          </div>
          <div className="apply-create__row">
            <span>申请类型</span>
            <Radio.Group value={chosenKind} onChange={(e) => setKind(e.target.value)}>
              <Radio value="new" disabled={!period?.canApplyNew}>
                新参（申报期 {period?.enrolStart} 至 {period?.enrolEnd}）
              </Radio>
              <Radio value="add" disabled={!period?.canApplyAdd}>
                增员（互助期内）
              </Radio>
            </Radio.Group>
          </div>
        </div>
      )}
    </Modal>
  );
}
