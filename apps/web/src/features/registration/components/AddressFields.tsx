import { Form, Input } from 'antd';
import { loadRegions, NATIONAL_CODE, regionPath } from '@hall/regions';
import { RegionSelect } from '../../../components/region-select';
import { requiredChoice, requiredText } from '../../../components/form/form-kit';

/** The address as one text: region names from the top down, then the rest (长沙市岳麓区 + 麓谷大道 1 号). */
export async function composeAddress(regionCode: string | undefined, detail: string | undefined): Promise<string> {
  const rest = (detail ?? '').trim();
  if (!regionCode) return rest;
  const names = regionPath(await loadRegions(), regionCode)
    .filter((node) => node.code !== NATIONAL_CODE)
    .map((node) => node.name);
  // 湖南省长沙市岳麓区: a city-level name that repeats its province (北京市北京市) is said once.
  const region = names.filter((name, i) => name !== names[i - 1]).join('');
  return rest.startsWith(region) ? rest : region + rest;
}

/** 单位地址: region (RegionSelect) and the street address; both required, composed on submit. */
export function AddressFields({ label = '单位地址', testId = 'reg' }: { label?: string; testId?: string }) {
  return (
    <Form.Item label={label} required style={{ marginBottom: 0 }}>
      <div className="address-fields">
        <div className="address-fields__region" data-testid={`${testId}-region`}>
          <Form.Item name="regionCode" rules={[requiredChoice('所在地区')]}>
            {/* The row's label names the pair; each field still needs its own name (axe: label). */}
            <RegionSelect placeholder="请选择所在地区（可输入名称搜索）" aria-label={`${label}：所在地区`} />
          </Form.Item>
        </div>
        <Form.Item name="addrDetail" rules={[requiredText('详细地址', 200)]} className="address-fields__detail">
          <Input
            placeholder="请输入街道、门牌号等详细地址"
            aria-label={`${label}：详细地址`}
            maxLength={200}
            data-testid={`${testId}-addrDetail`}
          />
        </Form.Item>
      </div>
    </Form.Item>
  );
}
