import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { BenefitRule, Product } from '../api/period-list';
import type { ProductChange } from '../api/period-change';
import { changedFields, fenOf, YUAN_RULE, yuanText } from './changed';

/** Where a product is added or edited: its year, and the product when editing. */
export interface ProductTarget {
  year: number;
  product?: Product;
}

interface Fields {
  code: string;
  name: string;
  rate: string;
  maxShares: number;
  eligibility: 'all' | 'female';
  sort?: number;
  deductible?: string;
  cap?: string;
  bands?: Array<{ upto?: string; ratioPct: number }>;
  lumpSum?: string;
  daily?: string;
  maxDays?: number;
  hardship?: string;
}

const RULE_MONEY: Array<[keyof Fields & string, string]> = [
  ['deductible', '起付线（元）'],
  ['cap', '年度封顶（元）'],
  ['lumpSum', '一次性补助（元/份）'],
  ['daily', '住院津贴（元/天）'],
  ['hardship', '困难补助（元）'],
];

const formOf = (p: Product): Fields => ({
  code: p.code,
  name: p.name,
  rate: yuanText(p.rateFen),
  maxShares: p.maxShares,
  eligibility: p.eligibility,
  sort: p.sort,
  deductible: yuanText(p.benefitRule.deductibleFen),
  cap: yuanText(p.benefitRule.capFen),
  bands: p.benefitRule.bands?.map((b) => ({ upto: yuanText(b.uptoFen), ratioPct: b.ratioPct })),
  lumpSum: yuanText(p.benefitRule.lumpSumFen),
  daily: yuanText(p.benefitRule.dailyFen),
  maxDays: p.benefitRule.maxDays,
  hardship: yuanText(p.benefitRule.hardshipFen),
});

/** The rule as the server keeps it: absent parts left out. */
function ruleOf(f: Fields): BenefitRule {
  const rule: BenefitRule = {
    deductibleFen: fenOf(f.deductible),
    capFen: fenOf(f.cap),
    bands: f.bands?.length ? f.bands.map((b) => ({ uptoFen: fenOf(b.upto) ?? null, ratioPct: b.ratioPct })) : undefined,
    lumpSumFen: fenOf(f.lumpSum),
    dailyFen: fenOf(f.daily),
    maxDays: f.maxDays ?? undefined,
    hardshipFen: fenOf(f.hardship),
  };
  return Object.fromEntries(Object.entries(rule).filter(([, v]) => v !== undefined)) as BenefitRule;
}

/** The server's refusal of a rule change that moves computed treatments: it says what would change (rule-change.service). */
const asksRecompute = (message: string) => message.includes('确认重新计算');

interface Props {
  target: ProductTarget | null;
  pending: boolean;
  onCancel(): void;
  onSubmit(fields: ProductChange): Promise<unknown>;
}

/**
 * 新建 or 修改 a product with its rate, shares, eligibility and benefit rule (bands by the yuan
 * counted in the year). An edit sends only what changed. A new rule that would move treatments
 * already computed is first refused with what would change: the dialog shows it and the next
 * 确认重新计算并保存 sends it again with confirmRecompute (docs/decisions.md, "A new rule is recomputed, shown first").
 */
export function ProductDialog({ target, pending, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<Fields>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [recompute, setRecompute] = useState<string | null>(null);
  const editing = target?.product;
  const submit = async () => {
    const f = await form.validateFields();
    const fields = {
      code: f.code,
      name: f.name,
      rateFen: fenOf(f.rate),
      maxShares: f.maxShares,
      eligibility: f.eligibility,
      sort: f.sort,
      benefitRule: ruleOf(f),
    };
    const sent = editing ? changedFields(editing, fields) : fields;
    setRefusal(null);
    try {
      await onSubmit({ ...sent, year: target?.year ?? 0, code: editing?.code ?? f.code, confirmRecompute: recompute ? true : undefined });
      setRecompute(null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (asksRecompute(message)) setRecompute(message);
      else setRefusal(message);
    }
  };
  const close = () => {
    setRefusal(null);
    setRecompute(null);
    onCancel();
  };
  return (
    <Modal
      open={target !== null}
      width={720}
      title={editing ? `修改险种：${target?.year}年度 ${editing.code} ${editing.name}` : `新建险种：${target?.year ?? ''}年度`}
      okText={recompute ? '确认重新计算并保存' : '保存'}
      cancelText="取消"
      okButtonProps={{ loading: pending, danger: Boolean(recompute), 'data-testid': 'product-submit' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={editing ? formOf(editing) : { maxShares: 1, eligibility: 'all' }}
        onValuesChange={() => setRecompute(null)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) void submit().catch(() => undefined);
        }}
      >
        <div className="period-form__grid">
          <Form.Item
            label="险种代码"
            name="code"
            rules={[{ required: true, pattern: /^[0-9A-Za-z]{2,8}$/, message: '险种代码须为 2-8 位数字或大写字母' }]}
          >
            <Input disabled={Boolean(editing)} maxLength={8} data-testid="product-code" />
          </Form.Item>
          <Form.Item label="险种名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入险种名称' }, { max: 30 }]}>
            <Input data-testid="product-name" />
          </Form.Item>
          <Form.Item label="每份费率（元）" name="rate" rules={[{ required: true, message: '请输入每份费率' }, YUAN_RULE]}>
            <Input inputMode="decimal" data-testid="product-rate" />
          </Form.Item>
          <Form.Item label="可购份数" name="maxShares" rules={[{ required: true, message: '请输入可购份数' }]}>
            <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} data-testid="product-maxShares" />
          </Form.Item>
          <Form.Item label="参加范围" name="eligibility">
            <Select
              options={[
                { value: 'all', label: '全体职工' },
                { value: 'female', label: '限女职工' },
              ]}
              data-testid="product-eligibility"
            />
          </Form.Item>
          <Form.Item label="排序" name="sort">
            <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <h4 className="period-form__rule">待遇规则</h4>
        <div className="period-form__grid">
          {RULE_MONEY.map(([name, label]) => (
            <Form.Item key={name} label={label} name={name} rules={[YUAN_RULE]}>
              <Input inputMode="decimal" data-testid={`product-${name}`} />
            </Form.Item>
          ))}
          <Form.Item label="津贴最多天数" name="maxDays">
            <InputNumber min={0} max={366} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.List name="bands">
          {(bands, { add, remove }) => (
            <div data-testid="product-bands">
              <p className="period-form__hint">分段比例：本年度累计计入的金额到各段上限（元，最后一段留空为以上）按比例补助。</p>
              {bands.map((band, index) => (
                <Space key={band.key} align="baseline" wrap>
                  <Form.Item label={`第${index + 1}段至（元）`} name={[band.name, 'upto']} rules={[YUAN_RULE]}>
                    <Input inputMode="decimal" placeholder="以上" style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item label="比例（%）" name={[band.name, 'ratioPct']} rules={[{ required: true, message: '请输入比例' }]}>
                    <InputNumber min={0} max={100} style={{ width: 100 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={`删除第${index + 1}段`}
                    onClick={() => remove(band.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ratioPct: 50 })} disabled={bands.length >= 20}>
                增加一段
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
      {recompute ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title="将重新计算已计算的互助待遇"
          description={recompute}
          data-testid="product-recompute"
        />
      ) : null}
      {refusal ? <Alert type="error" showIcon style={{ marginTop: 16 }} title={refusal} data-testid="product-refusal" /> : null}
    </Modal>
  );
}
