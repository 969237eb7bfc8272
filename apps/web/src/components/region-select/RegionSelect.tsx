// City selector (R19): Ant Design Cascader over the bundled region tree (R20), loaded as its own chunk.
import { Cascader, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect, useMemo, useState } from 'react';
import {
  HISTORICAL_SUFFIX,
  limitRegionDepth,
  loadRegions,
  padRegionCode,
  regionLabel,
  regionMatches,
  regionPath,
  type RegionNode,
} from '@hall/regions';

interface RegionOption {
  value: string;
  label: string;
  node: RegionNode;
  children?: RegionOption[];
}

export interface RegionSelectProps {
  /** 6-digit code of the chosen node; shorter codes are padded ('43' → '430000'). */
  value?: string | null;
  /** Called with the chosen node's code (undefined when cleared). Form.Item compatible. */
  onChange?: (code: string | undefined, node: RegionNode | undefined) => void;
  /** Levels offered: 1 provinces, 2 + cities, 3 + districts (default 3, R58). */
  level?: 1 | 2 | 3;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  status?: '' | 'error' | 'warning';
  size?: 'small' | 'middle' | 'large';
  style?: CSSProperties;
  className?: string;
}

const SEARCH_LIMIT = 50;

function toOptions(nodes: RegionNode[]): RegionOption[] {
  return nodes.map((node) => ({
    value: node.code,
    label: regionLabel(node),
    node,
    children: node.children && toOptions(node.children),
  }));
}

const nameOf = (node: RegionNode) => node.name + (node.historical ? HISTORICAL_SUFFIX : '');

// Unknown codes reach displayRender as bare { value, label } options without a node.
const displayRender = (labels: string[], selected?: Partial<RegionOption>[]) =>
  (selected ?? []).map((o, i) => (o?.node ? nameOf(o.node) : labels[i])).join(' / ');

const showSearch = {
  limit: SEARCH_LIMIT,
  filter: (input: string, path: RegionOption[]) => regionMatches(path[path.length - 1].node, input),
  render: (_input: string, path: RegionOption[]) => `${path.map((o) => nameOf(o.node)).join(' / ')} (${path[path.length - 1].value})`,
};

export function RegionSelect({
  value,
  onChange,
  level = 3,
  placeholder = '请选择地区（可输入代码或名称搜索）',
  allowClear = true,
  ...rest
}: RegionSelectProps) {
  const [tree, setTree] = useState<RegionNode[]>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    loadRegions().then(
      (loaded) => alive && setTree(loaded),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);

  const limited = useMemo(() => tree && limitRegionDepth(tree, level), [tree, level]);
  const options = useMemo(() => (limited ? toOptions(limited) : []), [limited]);

  const code = padRegionCode(value);
  const path = useMemo(() => {
    if (!code || !limited) return undefined;
    const found = regionPath(limited, code).map((n) => n.code);
    return found.length ? found : [code]; // unknown code: shown as is rather than dropped
  }, [code, limited]);

  const loading = !tree && !failed;
  return (
    <Cascader<RegionOption>
      {...rest}
      options={options}
      value={path}
      changeOnSelect
      showSearch={showSearch}
      displayRender={displayRender}
      allowClear={allowClear}
      loading={loading}
      placeholder={loading ? '地区数据加载中…' : placeholder}
      notFoundContent={failed ? '地区数据加载失败，请刷新重试' : loading ? <Spin size="small" /> : '无匹配地区'}
      onChange={(_codes, selected) => {
        const node = selected?.[selected.length - 1]?.node;
        onChange?.(node?.code, node);
      }}
    />
  );
}

export default RegionSelect;
