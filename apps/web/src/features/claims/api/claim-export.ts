import { claimCalls } from '@hall/shared/contracts/claims.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { download } from '../../../lib/download';

export type ClaimFilterInput = CallInput<typeof claimCalls.claimExport>;

/** exportList: the unit's filtered records as a workbook (ID numbers masked). */
export const exportClaims = (filter: ClaimFilterInput) => download(claimCalls.claimExport, filter, '补助记录.xlsx');
