import {
  CLAIM_EDITABLE_STATES,
  CLAIM_MISSING,
  type CallParsed,
  FILE_MESSAGES,
  MATERIAL_TYPES,
  type ClaimState,
  type claimContracts,
} from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { Caller, HallContext } from '../../types';
import { attachmentView, scopedOrRefuse } from './claim-query.service';
import { filerOf } from './claim-form.service';
import * as repo from './claims.repository';

/*
 * A claim's typed attachments (申请材料): a file the filer uploaded through the file service
 * (uploadFile) is attached to a claim with its kind; replaced or removed while the claim is
 * editable. Who may download them is the file service's rule (files.service maySee), which asks
 * whether the caller may see a claim the file belongs to.
 */

type Calls = typeof claimContracts;

/** Scans and photos only (the bureau's forms are scanned): the shared MATERIAL_TYPES, as the claim form picks them. */
export const ATTACHMENT_MIMES = MATERIAL_TYPES.mimes;
export const ATTACHMENTS_MAX = 30;

const listOf = async (ctx: HallContext, claimId: number) => ({
  attachments: (await repo.attachmentsOf(ctx.db, claimId)).map(attachmentView),
});

/** The caller's own upload: a unit's by its account, a worker's by their ID number. */
function ownFile(caller: Caller, file: { ownerKind: string; ownerKey: string }) {
  return caller.loginType === 'unit'
    ? file.ownerKind === 'unit' && file.ownerKey === caller.unit.uact
    : file.ownerKind === 'personal' && file.ownerKey === caller.person.certNo;
}

export async function attach(ctx: HallContext, caller: Caller, input: CallParsed<Calls['claimAttach']>, ip?: string) {
  const filer = filerOf(caller);
  await scopedOrRefuse(ctx, caller, input.claimId, filer.scope, ip);
  const file = await repo.fileById(ctx.db, input.fileId);
  if (!file || !ownFile(caller, file)) throw refuse('文件不存在或不是您上传的，请重新上传');
  if (!ATTACHMENT_MIMES.includes(file.mime)) throw refuse(FILE_MESSAGES.materialType);
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (db) => {
      const locked = await repo.lockClaim(db, input.claimId, filer.scope);
      if (!locked) throw refuse(CLAIM_MISSING);
      if (!CLAIM_EDITABLE_STATES.includes(locked.state as ClaimState)) throw refuse('只有草稿或退回补正的申请可以修改材料');
      if (input.replaceId && !(await repo.deleteAttachment(db, locked.id, input.replaceId)))
        throw refuse('要替换的材料不存在或已删除，请刷新后重试');
      if ((await repo.attachmentCount(db, locked.id)) >= ATTACHMENTS_MAX) throw refuse(`每份申请最多${ATTACHMENTS_MAX}个材料`);
      await repo.insertAttachment(db, { claimId: locked.id, kind: input.kind, fileId: file.id, createdAt: now });
      await repo.updateClaim(db, locked.id, { updatedAt: now });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('该文件已添加到本申请');
    throw error;
  }
  return listOf(ctx, input.claimId);
}

export async function detach(ctx: HallContext, caller: Caller, input: CallParsed<Calls['claimDetach']>, ip?: string) {
  const filer = filerOf(caller);
  await scopedOrRefuse(ctx, caller, input.claimId, filer.scope, ip);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    const locked = await repo.lockClaim(db, input.claimId, filer.scope);
    if (!locked) throw refuse(CLAIM_MISSING);
    if (!CLAIM_EDITABLE_STATES.includes(locked.state as ClaimState)) throw refuse('只有草稿或退回补正的申请可以修改材料');
    if (!(await repo.deleteAttachment(db, locked.id, input.attachmentId))) throw refuse('材料不存在或已删除，请刷新后重试');
    await repo.updateClaim(db, locked.id, { updatedAt: now });
  });
  return listOf(ctx, input.claimId);
}
