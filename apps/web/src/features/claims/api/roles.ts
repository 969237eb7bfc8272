import { claimCalls } from '@hall/shared/contracts/claims.ts';

/** Who files: the unit (for its staff) or the worker (for themself). Each has its own calls. */
export type FilerRole = 'unit' | 'personal';

export const FILER_CALLS = {
  unit: {
    preview: claimCalls.claimPreview,
    save: claimCalls.claimSave,
    submit: claimCalls.claimSubmit,
    remove: claimCalls.claimDelete,
    attach: claimCalls.claimAttach,
    detach: claimCalls.claimDetach,
    detail: claimCalls.claimDetail,
  },
  personal: {
    preview: claimCalls.claimPreviewPersonal,
    save: claimCalls.claimSavePersonal,
    submit: claimCalls.claimSubmitPersonal,
    remove: claimCalls.claimDeletePersonal,
    attach: claimCalls.claimAttachPersonal,
    detach: claimCalls.claimDetachPersonal,
    detail: claimCalls.claimDetailPersonal,
  },
} as const;
