import { useEffect, useRef, useState, type MouseEvent } from 'react';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { Link, useLocation, useNavigate } from 'react-router';
import { MENU_TAB_TOLERANCE_PX } from '@hall/shared/constants.ts';
import type { TagsStore, VisitedView } from './tags-store';
import './tags-view.css';

interface ContextMenuState {
  view: VisitedView;
  left: number;
  top: number;
}

interface Props {
  /** The app's store (createTagsStore, under the app's own session-storage key). */
  store: TagsStore;
  /** Where the bar goes when the active tag closes and none is left (the app's home). */
  home: string;
  /** 刷新: shows the page afresh, its kept state dropped (each app re-enters it its own way). */
  onRefresh(view: VisitedView): void;
}

/**
 * The tag bar of visited pages (R16) with its context menu 刷新 / 关闭 / 关闭其他 / 关闭所有, of
 * the portal and of the console. Pinned tags (首页, 工作台) have no close button and survive every
 * close action.
 */
export function TagsView({ store: useTagsStore, home, onRefresh }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const views = useTagsStore((state) => state.visitedViews);
  const { delView, delOthers, delAll } = useTagsStore.getState();
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // The active tag is scrolled into view (horizontally only) whenever the page or the tags change.
  useEffect(() => {
    const bar = scroller.current;
    const tag = bar?.querySelector('[aria-current="page"]');
    if (!bar || !tag) return;
    const box = bar.getBoundingClientRect();
    const at = tag.getBoundingClientRect();
    if (at.left < box.left) bar.scrollLeft -= box.left - at.left + 12;
    else if (at.right > box.right) bar.scrollLeft += at.right - box.right + 12;
  }, [pathname, views.length]);

  // A vertical wheel scrolls the bar sideways (a native listener: React's wheel listener is passive).
  useEffect(() => {
    const bar = scroller.current;
    if (!bar) return;
    const onWheel = (event: WheelEvent) => {
      const before = bar.scrollLeft;
      if (Math.abs(event.deltaY) > Math.abs(event.deltaX)) bar.scrollLeft += event.deltaY;
      if (bar.scrollLeft !== before) event.preventDefault();
    };
    bar.addEventListener('wheel', onWheel, { passive: false });
    return () => bar.removeEventListener('wheel', onWheel);
  }, []);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    document.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('scroll', close, true);
    };
  }, [menu]);

  /** After closing the active tag: the last remaining tag, else the home. */
  const toLastView = () => {
    const remaining = useTagsStore.getState().visitedViews;
    navigate(remaining.at(-1)?.fullPath ?? home);
  };

  const close = (view: VisitedView) => {
    if (view.affix) return;
    delView(view.path);
    if (view.path === pathname) toLastView();
  };
  const closeOthers = (view: VisitedView) => {
    delOthers(view.path);
    if (view.path !== pathname) navigate(view.fullPath);
  };
  const closeAll = () => {
    delAll();
    const remaining = useTagsStore.getState().visitedViews;
    if (!remaining.some((v) => v.path === pathname)) toLastView();
  };

  const openMenu = (event: MouseEvent, view: VisitedView) => {
    event.preventDefault();
    const bar = (event.currentTarget as HTMLElement).closest('.tags-view')?.getBoundingClientRect();
    setMenu({ view, left: event.clientX - (bar?.left ?? 0) + MENU_TAB_TOLERANCE_PX, top: event.clientY - (bar?.top ?? 0) });
  };

  const act = (action: () => void) => () => {
    setMenu(null);
    action();
  };

  return (
    <nav className="tags-view" aria-label="已打开的页面" data-testid="tags-view">
      <div className="tags-view__scroll" ref={scroller}>
        {views.map((view) => {
          const active = view.path === pathname;
          return (
            <Link
              key={view.path}
              to={view.fullPath}
              className={active ? 'tags-view__item tags-view__item--active' : 'tags-view__item'}
              aria-current={active ? 'page' : undefined}
              onContextMenu={(event) => openMenu(event, view)}
              onAuxClick={(event) => event.button === 1 && (event.preventDefault(), close(view))}
              data-testid="tag"
              data-path={view.path}
            >
              {view.title}
              {view.affix ? null : (
                <span
                  role="button"
                  aria-label={`关闭 ${view.title}`}
                  className="tags-view__close"
                  data-testid="tag-close"
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    close(view);
                  }}
                >
                  <CloseOutlined />
                </span>
              )}
            </Link>
          );
        })}
      </div>
      {menu ? (
        <ul className="tags-view__menu" role="menu" style={{ left: menu.left, top: menu.top }} data-testid="tag-menu">
          <li role="menuitem" onClick={act(() => onRefresh(menu.view))}>
            刷新
          </li>
          {menu.view.affix ? null : (
            <li role="menuitem" onClick={act(() => close(menu.view))}>
              关闭
            </li>
          )}
          <li role="menuitem" onClick={act(() => closeOthers(menu.view))}>
            关闭其他
          </li>
          <li role="menuitem" onClick={act(closeAll)}>
            关闭所有
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
