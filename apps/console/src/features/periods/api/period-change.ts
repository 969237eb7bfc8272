import { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { PeriodFields, ProductFields } from '@hall/shared/schemas/operator.ts';
import { useChange } from '@hall/client/use-change.ts';
import { request } from '../../../lib/request';
import { toast } from '../../../lib/feedback';
import { periodsKey } from './period-list';

// Silent: the dialog shows the server's refusal beside the fields (a period in force refuses new dates).
const silent = { silent: true };

const createPeriod = (fields: PeriodFields) =>
  request.call(opsCalls.opsPeriodCreate, fields, silent).then((a) => toast.success(`已新建${a.data.year}年度互助期`));
const editPeriod = (fields: PeriodFields) =>
  request.call(opsCalls.opsPeriodEdit, fields, silent).then((a) => toast.success(`已修改${a.data.year}年度互助期`));

/** A product's fields; `confirmRecompute` once the clerk has read what a new rule would change. */
export type ProductChange = ProductFields & { confirmRecompute?: boolean };

const createProduct = ({ confirmRecompute: _, ...fields }: ProductChange) =>
  request.call(opsCalls.opsProductCreate, fields, silent).then((a) => toast.success(`已新建险种 ${a.data.code} ${a.data.name}`));
const editProduct = (fields: ProductChange) =>
  request.call(opsCalls.opsProductEdit, fields, silent).then((a) => toast.success(`已修改险种 ${a.data.code} ${a.data.name}`));

export const useSavePeriod = (creating: boolean) => useChange(creating ? createPeriod : editPeriod, [periodsKey]);
export const useSaveProduct = (creating: boolean) => useChange(creating ? createProduct : editProduct, [periodsKey]);
