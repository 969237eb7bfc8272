import { z } from 'zod';

/**
 * POST /gob/web/homePage/treatDataYear and subsidyFrequencyAmount: the five period years up to
 * `year` (default: the year of the period in force today).
 */
export const homeYearsRequest = z.object({
  year: z.coerce
    .number({ error: '请选择正确的年度' })
    .int('请选择正确的年度')
    .min(2000, '请选择正确的年度')
    .max(2100, '请选择正确的年度')
    .optional(),
});

/** How many period years the home charts show, the last one included. */
export const HOME_YEARS = 5;
