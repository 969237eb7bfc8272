import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteHandle } from '../app/routes';
import { useTagsStore } from '../stores/tags';
import { useRouteHandle } from '../lib/route-handle';
import { AppMain } from './AppMain';

/** A page with local state, to see whether it survived. */
function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const title = useRouteHandle()?.meta.title;
  return (
    <>
      <button type="button" data-testid={`${name}-counter`} onClick={() => setCount(count + 1)}>
        {count}
      </button>
      <span data-testid={`${name}-title`}>{title}</span>
    </>
  );
}

const page = (path: string, keepAlive: boolean) => ({
  path,
  handle: { meta: { title: path, keepAlive } } satisfies RouteHandle,
  element: <Counter name={path.slice(1)} />,
});

function renderMain() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <AppMain />,
        children: [page('/apply-query', true), page('/payment', true), page('/uniInformationBase', false)],
      },
    ],
    { initialEntries: ['/apply-query'] },
  );
  render(<RouterProvider router={router} />);
  const go = (path: string) => act(() => router.navigate(path));
  const count = (name: string) => screen.getByTestId(`${name}-counter`).textContent;
  const click = (name: string) => fireEvent.click(screen.getByTestId(`${name}-counter`));
  return { go, count, click };
}

beforeEach(() => useTagsStore.setState({ visitedViews: [], cachedViews: ['/apply-query', '/payment'] }));

describe('AppMain keep-alive (<Activity>)', () => {
  it('keeps a keepAlive page while its tag is open, hidden but not unmounted', async () => {
    const { go, count, click } = renderMain();
    click('apply-query');
    click('apply-query');
    await go('/payment');
    // Still mounted, hidden by the Activity boundary.
    expect(screen.getByTestId('apply-query-counter').style.display).toBe('none');
    expect(screen.getByTestId('payment-counter').style.display).toBe('');
    click('payment');
    await go('/apply-query');
    expect(count('apply-query')).toBe('2');
    await go('/payment');
    expect(count('payment')).toBe('1');
  });

  it('a hidden kept page still reads its own route meta, not the one on screen', async () => {
    const { go } = renderMain();
    await go('/payment');
    expect(screen.getByTestId('apply-query-title').textContent).toBe('/apply-query');
    expect(screen.getByTestId('payment-title').textContent).toBe('/payment');
  });

  it('drops the page when its tag closes', async () => {
    const { go, count, click } = renderMain();
    click('apply-query');
    await go('/payment');
    act(() => useTagsStore.setState({ cachedViews: ['/payment'] }));
    expect(screen.queryByTestId('apply-query-counter')).toBeNull();
    await go('/apply-query');
    expect(count('apply-query')).toBe('0');
  });

  it('pages without keepAlive mount afresh', async () => {
    const { go, count, click } = renderMain();
    await go('/uniInformationBase');
    click('uniInformationBase');
    expect(count('uniInformationBase')).toBe('1');
    await go('/apply-query');
    expect(screen.queryByTestId('uniInformationBase-counter')).toBeNull();
    await go('/uniInformationBase');
    expect(count('uniInformationBase')).toBe('0');
  });
});
