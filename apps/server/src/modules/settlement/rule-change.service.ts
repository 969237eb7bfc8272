import { cityUnion, type productEditFields, yuan } from '@hall/shared';
import type { z } from 'zod';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { editProduct } from '../operator/periods.service';
import { periodIdOf } from './payout.repository';
import { recompute } from './recompute.service';
import { changeOfTreatments, keepTreatments } from './rule-change.repository';
import { lockTreatments } from './settlement.repository';

type Change = Awaited<ReturnType<typeof changeOfTreatments>>;

/** The first try of a rule change that moves computed benefits: rolled back, answered as what it would do. */
class WouldChange extends Error {
  constructor(readonly change: Change) {
    super('rule change preview');
  }
}

/**
 * A product's edit (docs/decisions.md, "A new rule is recomputed, shown first"). A new benefit rule
 * for a period whose treatments were computed under the old one recomputes them in the same
 * transaction; when that moves any amount, the first try is rolled back and refused with what it
 * would change (how many, the totals, how many were paid: those get a top-up or a set-off in the
 * next batch), and the operator sends it again with `confirmRecompute`.
 */
export async function editProductRecomputing(ctx: HallContext, operator: string, input: z.output<typeof productEditFields>) {
  const { confirmRecompute, ...fields } = input;
  const periodId = fields.benefitRule === undefined ? undefined : await periodIdOf(ctx.db, fields.year);
  if (periodId === undefined) return editProduct(ctx, operator, fields);
  try {
    return await ctx.db.transaction(async (db) => {
      await lockTreatments(db);
      const persons = await keepTreatments(db, periodId, fields.code);
      const product = await editProduct({ ...ctx, db }, operator, fields);
      if (persons.length === 0) return product;
      const now = ctx.clock.now();
      await recompute(db, now, cityUnion(ctx.config.cityName), new Map([[periodId, new Set(persons)]]));
      const change = await changeOfTreatments(db);
      if (change.changed === 0) return product;
      if (!confirmRecompute) throw new WouldChange(change);
      await auditOperator(db, now, operator, { command: 'product-rule-recompute', year: fields.year, code: fields.code, ...change });
      return product;
    });
  } catch (error) {
    if (!(error instanceof WouldChange)) throw error;
    const { changed, beforeFen, afterFen, paid } = error.change;
    const paidNote = paid ? `，其中 ${paid} 笔已发放，差额将在下一发放批次补发或冲减` : '';
    throw refuse(
      `新的补助规则将使${fields.year}年度险种 ${fields.code} 已计算的 ${changed} 笔互助待遇变动（合计 ¥${yuan(beforeFen)} → ¥${yuan(afterFen)}${paidNote}）。请核对后确认重新计算再提交`,
    );
  }
}
