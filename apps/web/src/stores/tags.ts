import { createTagsStore } from '@hall/client/tags/tags-store.ts';

export type { VisitedView } from '@hall/client/tags/tags-store.ts';

/** The portal's tag bar (R16, R22): the shared store under the portal's session-storage key. */
export const useTagsStore = createTagsStore('hall-tags');
