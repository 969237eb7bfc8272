import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NearViewport } from './NearViewport';

/** An IntersectionObserver the test drives: `report(true)` says the box came near the viewport. */
class DrivenObserver {
  static last: DrivenObserver | undefined;
  options: IntersectionObserverInit | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private callback: (entries: Pick<IntersectionObserverEntry, 'isIntersecting'>[]) => void,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    DrivenObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    this.callback([{ isIntersecting }]);
  }
}

const original = globalThis.IntersectionObserver;
afterEach(() => {
  globalThis.IntersectionObserver = original;
  DrivenObserver.last = undefined;
});

describe('NearViewport', () => {
  it('shows the fallback until its box comes within the margin of the viewport, then the children', () => {
    globalThis.IntersectionObserver = DrivenObserver as unknown as typeof IntersectionObserver;
    render(
      <NearViewport fallback={<p>加载中…</p>} margin="300px">
        <p>图表</p>
      </NearViewport>,
    );
    const observer = DrivenObserver.last!;
    expect(observer.options?.rootMargin).toBe('300px');
    expect(observer.observed).toHaveLength(1);
    expect(screen.getByText('加载中…')).toBeTruthy();
    act(() => observer.report(false));
    expect(screen.queryByText('图表')).toBeNull();
    act(() => observer.report(true));
    expect(screen.getByText('图表')).toBeTruthy();
    expect(screen.queryByText('加载中…')).toBeNull();
    expect(observer.disconnected).toBe(true);
  });

  it('renders the children at once where there is no IntersectionObserver', () => {
    // biome-ignore lint/suspicious/noExplicitAny: removing the browser API for this test
    delete (globalThis as any).IntersectionObserver;
    render(
      <NearViewport fallback={<p>加载中…</p>}>
        <p>图表</p>
      </NearViewport>,
    );
    expect(screen.getByText('图表')).toBeTruthy();
  });
});
