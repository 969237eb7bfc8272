import { DictType, type CompletionRegInfoRequest, type UnitInfo } from '@hall/shared';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import { checkDictChoice } from './dict-choice';
import * as repo from './registration.repository';

/** The logged-in unit's information, as /improveInfo shows it (its own data: nothing masked). */
export async function unitInfo(ctx: HallContext, caller: Caller<'unit'>): Promise<UnitInfo> {
  const found = await repo.registrationByUact(ctx.db, caller.unit.uact);
  if (!found) throw refuse('单位不存在');
  const { unit, profile } = found;
  const parent = unit.parentId ? await repo.unitById(ctx.db, unit.parentId) : undefined;
  return {
    uact: unit.uact,
    empName: unit.empName,
    uscc: unit.uscc ?? '',
    empAddr: unit.address ?? '',
    legentName: unit.legalName ?? '',
    legentTel: unit.legalMobile ?? '',
    contactName: profile?.contactName ?? '',
    contactTel: unit.contactTel ?? '',
    regionCode: unit.regionCode ?? '',
    empType: profile?.empType ?? '',
    staffCount: profile?.staffCount ?? null,
    postalCode: profile?.postalCode ?? '',
    email: profile?.email ?? '',
    parentUact: parent?.uact ?? '',
    parentName: parent?.empName ?? '',
    infoComplete: unit.infoComplete,
  };
}

/**
 * completionRegInfo: the unit fills what the scheme needs beyond its registration (contact,
 * region, unit type, head count) and is then complete: the next login no longer answers 600067.
 * A unit opened by the operator may also give its credit code and legal representative here.
 */
export async function completeUnitInfo(ctx: HallContext, caller: Caller<'unit'>, input: CompletionRegInfoRequest & { staffCount: number }) {
  const found = await repo.registrationByUact(ctx.db, caller.unit.uact);
  if (!found) throw refuse('单位不存在');
  const { unit, profile } = found;
  await checkDictChoice(ctx.db, DictType.EMP_TYPE, input.empType, '单位类型');
  const uscc = unit.uscc ? undefined : input.uscc;
  if (uscc && (await repo.heldBy(ctx.db, 'uscc', uscc, unit.uact))) throw refuse('该统一社会信用代码已注册，请勿重复注册');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    await repo.updateUnit(db, unit.id, {
      address: input.empAddr,
      regionCode: input.regionCode,
      contactTel: input.contactTel,
      infoComplete: true,
      ...(uscc ? { uscc } : {}),
      ...(input.legentName && !unit.legalName ? { legalName: input.legentName } : {}),
      ...(input.legentTel && !unit.legalMobile ? { legalMobile: input.legentTel } : {}),
    });
    await repo.upsertProfile(db, unit.id, {
      contactName: input.contactName,
      empType: input.empType,
      staffCount: input.staffCount,
      postalCode: input.postalCode ?? null,
      email: input.email ?? profile?.email ?? null,
      updatedAt: now,
    });
  });
  await audit(ctx.db, now, {
    actorKind: 'unit',
    actorKey: caller.loginName,
    action: 'unit-info-change',
    detail: {
      fields: Object.keys(input)
        .filter((k) => input[k as keyof typeof input] !== undefined)
        .sort(),
    },
  });
  return unitInfo(ctx, caller);
}
