import { useEffect, useState } from 'react';
import { loadRegions, NATIONAL_CODE, regionPath } from '@hall/regions';
import type { UnionInfoField, UnionInfoValue } from '@hall/shared/union/index.ts';

/** 430104 → 湖南省 / 长沙市 / 岳麓区 (the region tree loads as its own chunk). */
export function RegionName({ code }: { code: string | null | undefined }) {
  const [names, setNames] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    if (!code) return;
    loadRegions().then(
      (tree) => {
        if (!alive) return;
        const path = regionPath(tree, code).filter((n) => n.code !== NATIONAL_CODE);
        setNames(path.length ? path.map((n) => n.name).join(' / ') : code);
      },
      () => alive && setNames(code),
    );
    return () => {
      alive = false;
    };
  }, [code]);
  if (!code) return <span className="union-empty">未填写</span>;
  return <>{names ?? code}</>;
}

const COUNTS: readonly UnionInfoField[] = ['employeeCount', 'femaleCount', 'memberCount'];

/** A record's value as the page shows it: 未填写 when empty, counts with 人, the region by name. */
export function FieldValue({ field, value }: { field: UnionInfoField; value: UnionInfoValue | undefined }) {
  if (value === null || value === undefined || value === '') return <span className="union-empty">未填写</span>;
  if (field === 'regionCode') return <RegionName code={String(value)} />;
  if (COUNTS.includes(field)) return <>{value} 人</>;
  if (field === 'bankAccountNo') return <>{String(value).replace(/(\d{4})(?=\d)/g, '$1 ')}</>;
  return <>{String(value)}</>;
}

export const STATE_COLORS: Record<string, string> = { pending: 'processing', approved: 'success', rejected: 'error', withdrawn: 'default' };
