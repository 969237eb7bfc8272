import {
  FEATURE_FLAG_DEFAULTS,
  FEATURE_FLAG_LABELS,
  FEATURE_FLAG_NAMES,
  type FeatureFlag,
  type FeatureFlags,
  featureOffMessage,
} from '@hall/shared';
import type { Db } from '../../db/client';
import { auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import * as repo from './flags.repository';

/**
 * Feature flags (spec §9; docs-flags.md F1): the operator's settings over the defaults (batch
 * off, archives on, evaluation off). Read from the database on every call that needs one (a row
 * per flag at most), so every app node sees a change at once.
 */

export async function readFlags(db: Db): Promise<FeatureFlags> {
  const rows = await repo.allFlags(db);
  const flags = { ...FEATURE_FLAG_DEFAULTS };
  for (const r of rows) flags[r.name as FeatureFlag] = r.enabled;
  return flags;
}

/** Refuses (code 1, Chinese) a call of a feature that is turned off. */
export async function requireFlag(db: Db, flag: FeatureFlag) {
  if (!((await repo.flagSetting(db, flag)) ?? FEATURE_FLAG_DEFAULTS[flag])) throw refuse(featureOffMessage(flag));
}

export interface FlagRow {
  name: FeatureFlag;
  label: string;
  on: boolean;
  defaultOn: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

export async function listFlags(db: Db): Promise<FlagRow[]> {
  const rows = new Map((await repo.allFlags(db)).map((r) => [r.name, r] as const));
  return FEATURE_FLAG_NAMES.map((name) => {
    const r = rows.get(name);
    return {
      name,
      label: FEATURE_FLAG_LABELS[name],
      on: r ? r.enabled : FEATURE_FLAG_DEFAULTS[name],
      defaultOn: FEATURE_FLAG_DEFAULTS[name],
      updatedAt: r ? r.updatedAt.toISOString() : null,
      updatedBy: r ? r.updatedBy : null,
    };
  });
}

/** Turns a flag on or off (an upsert), audited in the operator's name. */
export async function setFlag(ctx: HallContext, operator: string, name: FeatureFlag, on: boolean): Promise<FlagRow> {
  if (!(FEATURE_FLAG_NAMES as readonly string[]).includes(name)) throw refuse(`开关名称只能是 ${FEATURE_FLAG_NAMES.join('、')}`);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    const before = (await readFlags(db))[name];
    await repo.upsertFlag(db, name, on, now, operator);
    await auditOperator(db, now, operator, { call: 'featureFlagSet', flag: name, from: before, to: on });
  });
  return (await listFlags(ctx.db)).find((r) => r.name === name)!;
}
