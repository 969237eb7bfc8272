import { useState } from 'react';
import { Select, Spin } from 'antd';
import { useClaimStaff } from '../api/claim-staff-options';
import { SEARCH_DEBOUNCE_MS, useSettled } from './use-settled';

const staffLabel = (name: string, certNo: string) => `${name}（${certNo}）`;

/**
 * The unit's staff picker of the claim form (a form control: value is the staffId). It searches
 * once typing pauses (SEARCH_DEBOUNCE_MS), and shows only the answer for what is typed now:
 * while that answer is pending it says 正在查找…, never the list of an earlier term. The chosen
 * staff member keeps their name on the field whatever the list shows (`saved`: a draft's).
 */
export function ClaimStaffPicker({
  value,
  onChange,
  saved,
}: {
  value?: number;
  onChange?: (staffId: number) => void;
  saved?: { staffId: number; name: string; certNo: string } | null;
}) {
  const [typed, setTyped] = useState('');
  const term = useSettled(typed.trim(), SEARCH_DEBOUNCE_MS);
  const staff = useClaimStaff(term, true);
  const searching = typed.trim() !== term || staff.isPending;
  const options = searching ? [] : (staff.data?.list ?? []).map((s) => ({ value: s.staffId, label: staffLabel(s.name, s.certNo) }));
  // The chosen staff member's name, for the field when the list of the moment does not hold them.
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const nameOf = (v: number) =>
    chosen?.value === v ? chosen.label : saved?.staffId === v ? staffLabel(saved.name, saved.certNo) : undefined;

  return (
    <Select<number>
      value={value}
      onChange={(staffId, option) => {
        const label = (option as { label?: string } | undefined)?.label;
        if (label) setChosen({ value: staffId, label });
        onChange?.(staffId);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder="输入姓名或身份证号码搜索本单位已参加互助的职工"
      options={options}
      labelRender={({ value: v, label }) => nameOf(v as number) ?? label}
      loading={searching}
      notFoundContent={
        searching ? (
          <span className="claim-picker__searching" data-testid="claim-staff-searching">
            <Spin size="small" /> 正在查找…
          </span>
        ) : staff.isError ? (
          '职工名单加载失败，请重新输入'
        ) : (
          '没有符合条件的在册参保职工'
        )
      }
      data-testid="claim-staff"
      aria-label="职工"
    />
  );
}
