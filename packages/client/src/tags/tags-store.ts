import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A visited page in the tag bar (spec §3, R22). */
export interface VisitedView {
  path: string;
  name: string;
  fullPath: string;
  title: string;
  affix?: boolean;
  keepAlive?: boolean;
}

export interface TagsState {
  visitedViews: VisitedView[];
  /** Paths whose page is kept alive (hidden, not unmounted) while their tag is open. */
  cachedViews: string[];
  addView(view: VisitedView): void;
  delView(path: string): void;
  delOthers(path: string): void;
  delAll(): void;
  /** Drops a page's kept state so that it mounts afresh (tag 刷新). */
  delCached(path: string): void;
  reset(): void;
}

const keep = (views: VisitedView[], predicate: (view: VisitedView) => boolean) => views.filter(predicate);
const cachedOf = (views: VisitedView[]) => views.filter((view) => view.keepAlive).map((view) => view.path);

/**
 * The tag bar's store of one app (the portal's, the console's), under that app's own session-storage
 * key. Tags live in session storage ("session storage holds store state"), so a reload keeps the
 * bar; pinned (affix) tags can never be closed (R16, R48).
 */
export const createTagsStore = (storageKey: string) =>
  create<TagsState>()(
    persist(
      (set) => ({
        visitedViews: [],
        cachedViews: [],
        addView: (view) =>
          set((state) => {
            const known = state.visitedViews.some((v) => v.path === view.path);
            const visitedViews = known
              ? state.visitedViews.map((v) => (v.path === view.path ? { ...v, ...view } : v))
              : view.affix
                ? [...state.visitedViews.filter((v) => v.affix), view, ...state.visitedViews.filter((v) => !v.affix)]
                : [...state.visitedViews, view];
            const cachedViews =
              view.keepAlive && !state.cachedViews.includes(view.path) ? [...state.cachedViews, view.path] : state.cachedViews;
            return { visitedViews, cachedViews };
          }),
        delView: (path) =>
          set((state) => {
            const visitedViews = keep(state.visitedViews, (v) => v.affix || v.path !== path);
            return { visitedViews, cachedViews: state.cachedViews.filter((p) => visitedViews.some((v) => v.path === p)) };
          }),
        delOthers: (path) =>
          set((state) => {
            const visitedViews = keep(state.visitedViews, (v) => v.affix || v.path === path);
            return { visitedViews, cachedViews: state.cachedViews.filter((p) => visitedViews.some((v) => v.path === p)) };
          }),
        delAll: () =>
          set((state) => {
            const visitedViews = keep(state.visitedViews, (v) => Boolean(v.affix));
            return { visitedViews, cachedViews: state.cachedViews.filter((p) => visitedViews.some((v) => v.path === p)) };
          }),
        delCached: (path) => set((state) => ({ cachedViews: state.cachedViews.filter((p) => p !== path) })),
        reset: () => set({ visitedViews: [], cachedViews: [] }),
      }),
      {
        name: storageKey,
        storage: createJSONStorage(() => sessionStorage),
        partialize: (state) => ({ visitedViews: state.visitedViews }),
        // Kept pages do not survive a reload, but their tags do: rebuild the list from the flags.
        merge: (persisted, current) => {
          const visitedViews = (persisted as { visitedViews?: VisitedView[] } | undefined)?.visitedViews ?? [];
          return { ...current, visitedViews, cachedViews: cachedOf(visitedViews) };
        },
      },
    ),
  );

export type TagsStore = ReturnType<typeof createTagsStore>;
