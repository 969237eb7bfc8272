import { z } from 'zod';
import { PAGE_NUM_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';

/** Text that is trimmed on the way in (R35) and must not be blank. */
export const requiredText = (label: string, max = 500) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `字段长度不能超过${max}`);

export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(PAGE_NUM_MAX, `最多查看前${PAGE_NUM_MAX}页，请缩小查询范围`).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export interface Page<T> {
  list: T[];
  totlCnt: number;
  /** The list counted its matches up to a cap (10,000) and there are more: totlCnt is the cap. */
  totlCntCapped?: true;
  pageNum: number;
  pageSize: number;
}
