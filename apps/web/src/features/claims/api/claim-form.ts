import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { claimCalls } from '@hall/shared/contracts/claims.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';
import { claimDetailKey } from './claim-detail';
import { claimListKey } from './claim-list';
import { FILER_CALLS, type FilerRole } from './roles';

export type ClaimFormInput = CallInput<typeof claimCalls.claimSave>;
export type ClaimPreview = CallData<typeof claimCalls.claimPreview>;

const forRole = (role: FilerRole, form: ClaimFormInput) => {
  if (role === 'unit') return form;
  const { staffId: _staffId, ...own } = form;
  return own;
};

/** preview: the amount and what would refuse the submission now (nothing saved). */
export const fetchClaimPreview = (role: FilerRole, form: ClaimFormInput) =>
  request.call(FILER_CALLS[role].preview, forRole(role, form) as ClaimFormInput, { silent: true }).then((a) => a.data);
export const claimPreviewKey = ['claims', 'preview'] as const;
export const useClaimPreview = (role: FilerRole, form: ClaimFormInput | null) =>
  useQuery({
    queryKey: [...claimPreviewKey, role, form],
    queryFn: () => fetchClaimPreview(role, form!),
    enabled: form !== null,
    staleTime: 30_000,
  });

/** save: a new draft, or the draft / returned claim changed. */
export const saveClaim = (role: FilerRole, form: ClaimFormInput) =>
  request.call(FILER_CALLS[role].save, forRole(role, form) as ClaimFormInput).then((a) => a.data);

/** submit: every rule checked, the amount computed, on to the next review. */
export const submitClaim = (role: FilerRole, id: number) => request.call(FILER_CALLS[role].submit, { id }).then((a) => a.data);

/** delete: a draft never submitted. */
export const deleteClaim = (role: FilerRole, id: number) => request.call(FILER_CALLS[role].remove, { id }).then((a) => a.data);

const changed = [claimDetailKey, claimListKey];
/** 保存草稿: the saved claim is the detail at once (its attachments are uploaded against its id). */
export function useSaveClaim(role: FilerRole) {
  const client = useQueryClient();
  return useChange(
    (form: ClaimFormInput) =>
      saveClaim(role, form).then((saved) => {
        client.setQueryData([...claimDetailKey, role, saved.claim.id], saved);
        return saved;
      }),
    changed,
  );
}
export const useSubmitClaim = (role: FilerRole) => useChange((id: number) => submitClaim(role, id), changed);
export const useDeleteClaim = (role: FilerRole) => useChange((id: number) => deleteClaim(role, id), changed);
