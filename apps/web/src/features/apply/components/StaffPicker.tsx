import { useState } from 'react';
import { App, Checkbox, Input, InputNumber, Modal, Space, Table, Tag } from 'antd';
import type { LinesChanged, PeriodInfo, StaffOption } from '@hall/shared/contracts/enrolment.ts';
import { useAddLines } from '../api/add-lines';
import { useStaffOptions } from '../api/staff-options';
import { GENDER_LABELS } from './labels';

interface Props {
  applicationId: number;
  period: PeriodInfo;
  open: boolean;
  onClose(): void;
  onAdded(result: LinesChanged): void;
}

/**
 * 从人员名单添加: the unit's current staff (searchable, paged, selectable) and the products to
 * give the selected people, each with its shares. What cannot be added (not insured, not for
 * this person, already declared) is said after adding.
 */
export function StaffPicker({ applicationId, period, open, onClose, onAdded }: Props) {
  const { modal } = App.useApp();
  const [query, setQuery] = useState({ id: applicationId, keyword: '', pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [chosen, setChosen] = useState<Record<string, number>>(() => ({ [period.products[0]?.code ?? '01']: 1 }));
  const adding = useAddLines();
  const staff = useStaffOptions(open ? { ...query, id: applicationId } : null);
  const name = (code: string) => period.products.find((p) => p.code === code)?.name ?? code;

  const submit = () => {
    const products = Object.entries(chosen).map(([code, shares]) => ({ code, shares }));
    // A refusal was shown by the request client.
    adding.mutate(
      { id: applicationId, staffIds: selected, products },
      {
        onSuccess: (result) => {
          setSelected([]);
          onAdded(result);
          if (result.skipped.length) {
            modal.info({
              title: `已添加 ${result.added} 条，${result.skipped.length} 条未添加`,
              width: 560,
              content: (
                <ul className="apply-skipped" data-testid="skipped-list">
                  {result.skipped.map((s) => (
                    <li key={`${s.staffId}-${s.productCode}`}>
                      {s.name}（{name(s.productCode)}）：{s.reason}
                    </li>
                  ))}
                </ul>
              ),
            });
          }
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title="从人员名单添加"
      width={880}
      onCancel={onClose}
      destroyOnHidden
      okText={`添加所选 ${selected.length} 人`}
      okButtonProps={{ disabled: selected.length === 0 || Object.keys(chosen).length === 0, loading: adding.isPending }}
      onOk={submit}
    >
      <div className="apply-picker__products" data-testid="picker-products">
        <span className="apply-picker__label">互助项目：</span>
        <Space wrap>
          {period.products.map((p) => (
            <span key={p.code} className="apply-picker__product">
              <Checkbox
                checked={p.code in chosen}
                onChange={(e) =>
                  setChosen((c) => {
                    const next = { ...c };
                    if (e.target.checked) next[p.code] = 1;
                    else delete next[p.code];
                    return next;
                  })
                }
              >
                {p.name}
                {p.eligibility === 'female' ? <Tag className="apply-picker__tag">{p.eligibilityLabel}</Tag> : null}
              </Checkbox>
              <InputNumber
                size="small"
                min={1}
                max={p.maxShares}
                value={chosen[p.code] ?? 1}
                disabled={!(p.code in chosen) || p.maxShares === 1}
                onChange={(v) => setChosen((c) => ({ ...c, [p.code]: Math.min(p.maxShares, Math.max(1, Number(v) || 1)) }))}
                aria-label={`${p.name}份数`}
                suffix="份"
                style={{ width: 80 }}
              />
            </span>
          ))}
        </Space>
      </div>
      <Input.Search
        placeholder="按姓名或身份证号码查找"
        allowClear
        maxLength={30}
        onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim(), pageNum: 1 }))}
        style={{ margin: '12px 0', maxWidth: 320 }}
      />
      <Table<StaffOption>
        size="small"
        rowKey="staffId"
        loading={staff.isFetching}
        dataSource={staff.data?.list ?? []}
        locale={{ emptyText: staff.isError ? '人员名单加载失败，请重试' : '没有在册职工，请先在“互助人员管理”中添加' }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (s) => ({ disabled: !s.insured }),
        }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: staff.data?.totlCnt ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 人`,
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        }}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '身份证号码', dataIndex: 'certNo' },
          { title: '性别', dataIndex: 'gender', render: (g: string | null) => GENDER_LABELS[g ?? ''] ?? '' },
          {
            title: '参保',
            dataIndex: 'insured',
            render: (insured: boolean) => (insured ? '已参保' : <Tag color="warning">未参保</Tag>),
          },
          {
            title: '本期已申报',
            key: 'held',
            render: (_: unknown, s) =>
              [...s.inThis.map((c) => `${name(c)}（本申请）`), ...s.elsewhere.map((c) => name(c))].join('、') || '—',
          },
        ]}
      />
    </Modal>
  );
}
