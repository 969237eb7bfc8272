import { createTagsStore } from '@hall/client/tags/tags-store.ts';

/** The console's tag bar: the portal's store under the console's own session-storage key. */
export const useConsoleTags = createTagsStore('hall-console-tags');
