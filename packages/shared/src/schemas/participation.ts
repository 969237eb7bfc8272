import { z } from 'zod';
import { PARTICIPATION_STATES } from '../enrolment/payable';
import { pageQuery } from './common';

const yearField = z.coerce.number().int().min(2000, '请选择互助年度').max(2100, '请选择互助年度').optional();

/** POST /gob/web/StaffInfo/queryJoinMedSituationTotal: the unit's figures of a period (default: the one in force). */
export const joinMedTotalRequest = z.object({ year: yearField });

const filters = {
  year: yearField,
  name: z.string().trim().max(50, '字段长度不能超过50').optional(),
  certNo: z.string().trim().toUpperCase().max(18, '字段长度不能超过18').optional(),
  productCode: z
    .string()
    .trim()
    .regex(/^([0-9A-Z]{2,8})?$/, '请选择险种')
    .optional(),
  state: z.union([z.enum(PARTICIPATION_STATES), z.literal('')], { error: '请选择参保状态' }).optional(),
};

/** POST /gob/web/StaffInfo/queryJoinMedSituationList: staff × products of the period, filtered, paged. */
export const joinMedListRequest = pageQuery.extend(filters);

/** POST /gob/web/StaffInfo/exportJoinMedSituation: the same rows as an Excel file. */
export const joinMedExportRequest = z.object(filters);
