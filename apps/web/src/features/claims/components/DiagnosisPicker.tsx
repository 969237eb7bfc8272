import { useState } from 'react';
import { AutoComplete, Input, Select, Spin } from 'antd';
import { type Diagnosis, type DiseaseList, useDiagnoses } from '../api/diagnoses';
import { SEARCH_DEBOUNCE_MS, useSettled } from './use-settled';

/** How a diagnosis reads in a picker: code · name（chapter）. */
export const diagnosisLabel = (d: Pick<Diagnosis, 'code' | 'name' | 'chapter'>) => `${d.code} · ${d.name}（${d.chapter}）`;

/** One option's two lines: the label, then the words it is also known by and its list entry. */
function DiagnosisOption({ diagnosis: d }: { diagnosis: Diagnosis }) {
  const more = [d.aliases.length ? `又称 ${d.aliases.slice(0, 4).join('、')}` : '', d.listEntry ? `属 ${d.listEntry}` : '']
    .filter(Boolean)
    .join('；');
  return (
    <div className="claim-diagnosis-option">
      <div>{diagnosisLabel(d)}</div>
      {more ? <div className="claim-hint claim-diagnosis-option__more">{more}</div> : null}
    </div>
  );
}

/** The catalogue's answer for what is typed, once typing pauses; `searching` until that answer is in. */
function useDiagnosisSearch(list: DiseaseList | undefined) {
  const [typed, setTyped] = useState('');
  const term = useSettled(typed.trim(), SEARCH_DEBOUNCE_MS);
  const found = useDiagnoses(term, list);
  const searching = typed.trim() !== term || (found.isPending && found.fetchStatus !== 'idle');
  return { typed, setTyped, searching, list: searching ? [] : (found.data ?? []), failed: found.isError };
}

const searchingNote = (
  <span className="claim-picker__searching">
    <Spin size="small" /> 正在查找…
  </span>
);

/**
 * The diagnosis of a claim whose disease must be on a scheme list (重大疾病, 女职工特殊疾病): a
 * form control whose value is the ICD-10 code, searched in the catalogue by code, name or common
 * word (肺癌 → C34 肺恶性肿瘤, 恶性肿瘤) within the list; `onPick` hands the chosen diagnosis to
 * the form (its name is saved with the code). `savedName`: a draft's, for its code.
 */
export function DiagnosisPicker({
  list,
  value,
  onChange,
  onPick,
  savedName,
}: {
  list: DiseaseList;
  value?: string;
  onChange?: (code: string) => void;
  onPick(d: Diagnosis): void;
  savedName?: string;
}) {
  const search = useDiagnosisSearch(list);
  const [chosen, setChosen] = useState<Diagnosis | null>(null);
  return (
    <Select<string>
      value={value}
      onChange={(code) => {
        const d = search.list.find((x) => x.code === code);
        if (d) {
          setChosen(d);
          onPick(d);
        }
        onChange?.(code);
      }}
      showSearch={{ filterOption: false, onSearch: search.setTyped }}
      placeholder="输入疾病名称、常用说法或ICD-10编码，如 肺癌、C34"
      options={search.list.map((d) => ({ value: d.code, label: diagnosisLabel(d), diagnosis: d }))}
      optionRender={(option) => <DiagnosisOption diagnosis={(option.data as { diagnosis: Diagnosis }).diagnosis} />}
      labelRender={({ value: code, label }) =>
        chosen?.code === code ? diagnosisLabel(chosen) : label || (savedName ? `${code} · ${savedName}` : code)
      }
      loading={search.searching}
      notFoundContent={search.searching ? searchingNote : search.failed ? '诊断目录加载失败，请重新输入' : '目录中没有符合条件的诊断'}
      data-testid="claim-diagnosis"
      aria-label="诊断"
    />
  );
}

/**
 * The diagnosis of the other stay types, as the discharge summary words it (free text), with the
 * catalogue's suggestions as one types; a suggestion chosen fills the name and hands the diagnosis
 * to `onPick` (its code goes to the optional ICD-10 field).
 */
export function DiagnosisNameInput({
  value,
  onChange,
  onPick,
}: {
  value?: string;
  onChange?: (name: string) => void;
  onPick(d: Diagnosis): void;
}) {
  const search = useDiagnosisSearch(undefined);
  return (
    <AutoComplete
      value={value}
      onChange={(text) => {
        search.setTyped(text);
        onChange?.(text);
      }}
      onSelect={(_name: string, option: { diagnosis: Diagnosis }) => onPick(option.diagnosis)}
      options={search.list.map((d) => ({ key: d.code, value: d.name, label: d.name, diagnosis: d }))}
      // The list shows code · name（chapter）with its common words; the field, the name as typed.
      optionRender={(option) => <DiagnosisOption diagnosis={(option.data as { diagnosis: Diagnosis }).diagnosis} />}
      notFoundContent={search.typed.trim() && search.searching ? searchingNote : null}
      style={{ width: 260, maxWidth: '100%' }}
      popupMatchSelectWidth={420}
      data-testid="claim-diagnosis-name"
    >
      {/* A text field of its own: free text is the answer, the catalogue only suggests. */}
      <Input placeholder="出院诊断，可输入疾病名称搜索" maxLength={100} aria-label="诊断" />
    </AutoComplete>
  );
}
