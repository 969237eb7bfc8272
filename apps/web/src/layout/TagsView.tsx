import { useNavigate } from 'react-router';
import { TagsView as TagsBar } from '@hall/client/tags/TagsView.tsx';
import type { VisitedView } from '@hall/client/tags/tags-store.ts';
import { useTagsStore } from '../stores/tags';

/** The portal's tag bar (R16): the shared bar on the portal's store, 首页 its home. */
export function TagsView() {
  const navigate = useNavigate();
  /** R1: re-enter the page through /redirect, with its kept state dropped first. */
  const refresh = (view: VisitedView) => {
    useTagsStore.getState().delCached(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };
  return <TagsBar store={useTagsStore} home="/Home" onRefresh={refresh} />;
}
