import { ApiPath } from '../../paths';
import type { homeSchemas } from '../home';
import { defineCalls } from '../define';

/**
 * /Home 首页 statistics, both login types (each sees its own scope), needInsured like the page
 * (routes.ts: /Home needInsured; an uninsured caller sees the reason instead of the page).
 */
export const homeCalls = defineCalls<typeof homeSchemas>()({
  treatDataYear: { method: 'POST', path: ApiPath.treatDataYear, needInsured: true, writes: false },
  subsidyFrequencyAmount: { method: 'POST', path: ApiPath.subsidyFrequencyAmount, needInsured: true, writes: false },
  homeFigures: { method: 'POST', path: ApiPath.homeFigures, needInsured: true, writes: false },
});
