import type { opsTreatmentListFields, opsTreatmentPayFields } from '@hall/shared';
import type { z } from 'zod';
import { spooled, type Upload } from '../../lib/upload';
import type { HallContext, OperatorCaller } from '../../types';
import * as payouts from '../settlement/payout.service';
import * as settlements from '../settlement/settlement.service';

/**
 * The operator API's settlements and treatments (issue 9), over the services the `ops` CLI uses
 * (modules/settlement), in the operator's name.
 */

/** The bureau's settlement file may be large: 200 MB (a year of a large city is about 1 GB, loaded in parts or by the CLI). */
export const SETTLEMENT_FILE_MAX_BYTES = 200 * 1024 * 1024;

/** Loads the settlement file once it has arrived whole (lib/upload spooled, as the registry load). */
export async function loadSettlements(ctx: HallContext, op: OperatorCaller, file: Upload) {
  const fileName = (file.fileName.split(/[\\/]/).pop() ?? '').slice(-200);
  return spooled(file, (input) => settlements.loadSettlements(ctx, op.name, { fileName, input }));
}

export const treatmentList = (ctx: HallContext, op: OperatorCaller, input: z.input<typeof opsTreatmentListFields>) =>
  payouts.listTreatments(ctx, op.name, input);

export const treatmentPay = (ctx: HallContext, op: OperatorCaller, input: z.input<typeof opsTreatmentPayFields>) =>
  payouts.payTreatments(ctx, op.name, input);
