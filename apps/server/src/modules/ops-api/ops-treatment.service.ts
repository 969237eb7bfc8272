import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FILE_MESSAGES, type opsTreatmentListFields, type opsTreatmentPayFields } from '@hall/shared';
import type { z } from 'zod';
import { refuse } from '../../lib/hall-error';
import type { HallContext, OperatorCaller } from '../../types';
import * as payouts from '../settlement/payout.service';
import * as settlements from '../settlement/settlement.service';
import type { RegistryUpload } from './ops-api.service';

/**
 * The operator API's settlements and treatments (issue 9), over the services the `ops` CLI uses
 * (modules/settlement), in the operator's name.
 */

/** The bureau's settlement file may be large: 200 MB (a year of a large city is about 1 GB, loaded in parts or by the CLI). */
export const SETTLEMENT_FILE_MAX_BYTES = 200 * 1024 * 1024;

/**
 * Loads the settlement file once it has arrived whole: spooled to a temporary file first (as the
 * registry load), so the load's transaction never waits on a slow network and a file cut at the
 * size limit is refused before anything is read.
 */
export async function loadSettlements(ctx: HallContext, op: OperatorCaller, file: RegistryUpload) {
  const fileName = (file.fileName.split(/[\\/]/).pop() ?? '').slice(-200);
  const dir = await mkdtemp(path.join(tmpdir(), 'hall-settlement-'));
  const spooled = path.join(dir, 'upload');
  try {
    try {
      await pipeline(file.stream, createWriteStream(spooled));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(FILE_MESSAGES.tooLarge);
      throw error;
    }
    if (file.truncated()) throw refuse(FILE_MESSAGES.tooLarge);
    return await settlements.loadSettlements(ctx, op.name, { fileName, input: createReadStream(spooled) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const treatmentList = (ctx: HallContext, op: OperatorCaller, input: z.input<typeof opsTreatmentListFields>) =>
  payouts.listTreatments(ctx, op.name, input);

export const treatmentPay = (ctx: HallContext, op: OperatorCaller, input: z.input<typeof opsTreatmentPayFields>) =>
  payouts.payTreatments(ctx, op.name, input);
