import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInShell } from '../test/render';
import { useTagsStore, type VisitedView } from '../stores/tags';
import { TagsView } from './TagsView';

const home: VisitedView = { path: '/Home', name: 'Home', fullPath: '/Home', title: '首页', affix: true, keepAlive: true };
const mail: VisitedView = { path: '/mail', name: 'mail', fullPath: '/mail', title: '收件箱消息', keepAlive: true };
const payment: VisitedView = { path: '/payment', name: 'payment', fullPath: '/payment?year=2026', title: '应缴金额', keepAlive: true };
const participation: VisitedView = {
  path: '/participation',
  name: 'participation',
  fullPath: '/participation',
  title: '职工参加医疗互助情况',
};

const tagTitles = () => screen.getAllByTestId('tag').map((tag) => tag.textContent);
const openMenu = (title: string) => fireEvent.contextMenu(screen.getByText(title));

beforeEach(() => {
  useTagsStore.setState({ visitedViews: [home, mail, payment, participation], cachedViews: ['/Home', '/mail', '/payment'] });
});

function renderTags(path = '/mail') {
  return renderInShell(<TagsView />, {
    path,
    routes: ['/Home', '/mail', '/payment', '/participation', '/redirect/*'].map((p) => ({ path: p })),
  });
}

describe('TagsView (R16)', () => {
  it('shows the visited pages; the pinned 首页 has no close button', () => {
    renderTags();
    expect(tagTitles()).toEqual(['首页', '收件箱消息', '应缴金额', '职工参加医疗互助情况']);
    const homeTag = screen.getAllByTestId('tag')[0];
    expect(within(homeTag).queryByTestId('tag-close')).toBeNull();
    expect(screen.getAllByTestId('tag-close')).toHaveLength(3);
    expect(screen.getAllByTestId('tag')[1].getAttribute('aria-current')).toBe('page');
  });

  it('closing the active tag goes to the last remaining tag', async () => {
    const { router } = renderTags('/mail');
    fireEvent.click(within(screen.getAllByTestId('tag')[1]).getByTestId('tag-close'));
    expect(tagTitles()).toEqual(['首页', '应缴金额', '职工参加医疗互助情况']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/participation'));
    expect(useTagsStore.getState().cachedViews).toEqual(['/Home', '/payment']);
  });

  it('context menu 关闭 closes that tag; on a pinned tag it is not offered', () => {
    renderTags();
    openMenu('应缴金额');
    expect(
      within(screen.getByTestId('tag-menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
    fireEvent.click(screen.getByRole('menuitem', { name: '关闭' }));
    expect(tagTitles()).toEqual(['首页', '收件箱消息', '职工参加医疗互助情况']);
    openMenu('首页');
    expect(
      within(screen.getByTestId('tag-menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['刷新', '关闭其他', '关闭所有']);
  });

  it('关闭其他 keeps the pinned tag and the chosen one, and shows the chosen one', async () => {
    const { router } = renderTags('/mail');
    openMenu('应缴金额');
    fireEvent.click(screen.getByRole('menuitem', { name: '关闭其他' }));
    expect(tagTitles()).toEqual(['首页', '应缴金额']);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/payment?year=2026'));
  });

  it('关闭所有 keeps only the pinned 首页 and goes there', async () => {
    const { router } = renderTags('/mail');
    openMenu('收件箱消息');
    fireEvent.click(screen.getByRole('menuitem', { name: '关闭所有' }));
    expect(tagTitles()).toEqual(['首页']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/Home'));
    expect(useTagsStore.getState().cachedViews).toEqual(['/Home']);
  });

  it('刷新 drops the kept page and re-enters it through /redirect (R1)', async () => {
    const { router } = renderTags('/payment?year=2026');
    openMenu('应缴金额');
    fireEvent.click(screen.getByRole('menuitem', { name: '刷新' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect/payment'));
    expect(router.state.location.search).toBe('?year=2026');
    expect(useTagsStore.getState().cachedViews).not.toContain('/payment');
    expect(tagTitles()).toContain('应缴金额');
  });

  describe('scrolling of a long bar', () => {
    /** A bar 300 px wide showing [scrollLeft, scrollLeft + 300) of tags 120 px apart. */
    function fakeLayout() {
      const bar = screen.getByTestId('tags-view').firstElementChild as HTMLElement;
      let scrollLeft = 0;
      const max = 4 * 120 - 300;
      Object.defineProperty(bar, 'scrollLeft', {
        configurable: true,
        get: () => scrollLeft,
        set: (v: number) => {
          scrollLeft = Math.max(0, Math.min(max, v));
        },
      });
      bar.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 36 });
      screen.getAllByTestId('tag').forEach((tag, i) => {
        tag.getBoundingClientRect = () => DOMRect.fromRect({ x: i * 120 - scrollLeft, y: 5, width: 110, height: 26 });
      });
      return bar;
    }

    it('scrolls the active tag into view when the page changes', async () => {
      const { router } = renderTags('/Home');
      const bar = fakeLayout();
      await act(() => router.navigate('/participation'));
      // The 4th tag spans 360–470: the bar scrolls so that its right edge is inside.
      expect(bar.scrollLeft).toBe(180);
      await act(() => router.navigate('/Home'));
      expect(bar.scrollLeft).toBe(0);
    });

    it('turns a vertical wheel into horizontal scrolling and keeps the page still', () => {
      renderTags('/Home');
      const bar = fakeLayout();
      const down = new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true });
      bar.dispatchEvent(down);
      expect(bar.scrollLeft).toBe(100);
      expect(down.defaultPrevented).toBe(true);
      bar.dispatchEvent(new WheelEvent('wheel', { deltaY: 500, bubbles: true, cancelable: true }));
      expect(bar.scrollLeft).toBe(180);
      // At the end the wheel is left to the page.
      const more = new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true });
      bar.dispatchEvent(more);
      expect(more.defaultPrevented).toBe(false);
      // A sideways gesture is the browser's own.
      const sideways = new WheelEvent('wheel', { deltaX: -50, deltaY: 5, bubbles: true, cancelable: true });
      bar.dispatchEvent(sideways);
      expect(bar.scrollLeft).toBe(180);
    });
  });
});
