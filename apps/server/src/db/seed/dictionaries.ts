import { sql } from 'drizzle-orm';
import { DictType } from '@hall/shared';
import type { Db } from '../client';
import { dictEntries } from '../schema';

/**
 * The code sets the product needs, seeded in every environment (not demo data).
 * Certificate types and hospital levels follow the national medical-insurance code sets
 * (psn_cert_type, hosp_lv); gender follows GB/T 2261.1.
 */
export const DICTIONARIES: Record<string, Array<[value: string, label: string]>> = {
  [DictType.CERT_TYPE]: [
    ['01', '居民身份证'],
    ['02', '中国人民解放军军官证'],
    ['03', '中国人民武装警察警官证'],
    ['04', '港澳居民来往内地通行证（香港）'],
    ['05', '港澳居民来往内地通行证（澳门）'],
    ['06', '台湾居民来往大陆通行证'],
    ['07', '外国人永久居留身份证'],
    ['08', '外国人护照'],
    ['99', '其他身份证件'],
  ],
  [DictType.GENDER]: [
    ['0', '未知的性别'],
    ['1', '男'],
    ['2', '女'],
    ['9', '未说明的性别'],
  ],
  [DictType.PSN_TYPE]: [
    ['1', '在职职工'],
    ['2', '退休职工'],
    ['3', '劳动模范'],
    ['4', '困难职工'],
  ],
  [DictType.UNI_TYPE]: [
    ['92', '联合基层工会'],
    ['93', '上级工会（行业工会）'],
    ['99', '独立基层工会'],
  ],
  [DictType.APPLY_STATUS]: [
    ['01', '待提交'],
    ['02', '已提交'],
    ['03', '审核通过'],
    ['04', '退回'],
    ['05', '已缴费'],
    ['06', '已生效'],
    ['07', '已撤销'],
  ],
  [DictType.CLAIM_STATUS]: [
    ['01', '草稿'],
    ['02', '已提交'],
    ['03', '单位审核'],
    ['04', '市总审核'],
    ['05', '待发放'],
    ['06', '已发放'],
    ['07', '退回补正'],
    ['08', '不予补助'],
  ],
  [DictType.PRODUCT]: [
    ['01', '住院医疗互助'],
    ['02', '女职工特殊疾病互助'],
  ],
  [DictType.SUBSIDY_TYPE]: [
    ['01', '重大疾病补助'],
    ['02', '女职工特殊疾病补助'],
    ['03', '困难职工补助'],
    ['04', '手工报销'],
  ],
  [DictType.HOSP_LEVEL]: [
    ['01', '三级特等'],
    ['02', '三级甲等'],
    ['03', '三级乙等'],
    ['04', '三级丙等'],
    ['05', '二级甲等'],
    ['06', '二级乙等'],
    ['07', '二级丙等'],
    ['08', '一级甲等'],
    ['09', '一级乙等'],
    ['10', '一级丙等'],
    ['11', '无等级'],
  ],
  [DictType.AUTH_STATE]: [
    ['1', '已授权'],
    ['2', '已解除授权'],
  ],
  [DictType.NOTIFY_STATE]: [
    ['0', '未通知'],
    ['1', '已通知'],
    ['2', '已撤销申报'],
    ['3', '已申报'],
  ],
  [DictType.EMP_TYPE]: [
    ['10', '企业'],
    ['30', '机关'],
    ['50', '事业单位'],
    ['55', '社会团体'],
    ['60', '民办非企业单位'],
    ['70', '个体工商户'],
    ['99', '其他'],
  ],
};

/** Upserts every entry in one statement: labels follow this file, entries added elsewhere stay. */
export async function seedDictionaries(db: Db) {
  const rows = Object.entries(DICTIONARIES).flatMap(([type, entries]) =>
    entries.map(([value, label], sort) => ({ type, value, label, sort })),
  );
  await db
    .insert(dictEntries)
    .values(rows)
    .onConflictDoUpdate({ target: [dictEntries.type, dictEntries.value], set: { label: sql`excluded.label`, sort: sql`excluded.sort` } });
}
