import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { dictCalls } from '@hall/shared/contracts/dict.ts';
import { dictKey, dictLabel, useDict } from './dict';
import type { HallAnswer } from './request';

const answer = <T,>(data: T): HallAnswer<T> => ({ code: 0, type: 'success', message: '', data });

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useDict (R23, R57)', () => {
  it('loads a type once and serves it from the cache per type', async () => {
    const post = vi.fn(async (_call: unknown, body?: object) => answer([{ label: `${(body as { type: string }).type}-男`, value: '1' }]));
    const client = new QueryClient();
    const first = renderHook(() => useDict('GENDER', { call: post as never }), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(first.result.current.entries).toHaveLength(1));
    expect(post).toHaveBeenCalledWith(dictCalls.dictList, { type: 'GENDER' }, { silent: true });
    const second = renderHook(() => useDict('GENDER', { call: post as never }), { wrapper: wrapperWith(client) });
    expect(second.result.current.entries).toEqual([{ label: 'GENDER-男', value: '1' }]);
    renderHook(() => useDict('CERT_TYPE', { call: post as never }), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(client.getQueryData(dictKey('CERT_TYPE'))).toEqual([{ label: 'CERT_TYPE-男', value: '1' }]);
  });

  it('fetches again when the cached list is empty', async () => {
    const post = vi
      .fn()
      .mockResolvedValueOnce(answer([]))
      .mockResolvedValueOnce(answer([{ label: '在职', value: '1' }]));
    const client = new QueryClient();
    const first = renderHook(() => useDict('PSN_TYPE', { call: post }), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(first.result.current.loading).toBe(false));
    expect(first.result.current.entries).toEqual([]);
    first.unmount();
    const second = renderHook(() => useDict('PSN_TYPE', { call: post }), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(second.result.current.entries).toEqual([{ label: '在职', value: '1' }]));
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('a failure is only logged, and reads as an empty list', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const post = vi.fn().mockRejectedValue(new Error('network'));
    const { result } = renderHook(() => useDict('PRODUCT', { call: post }), { wrapper: wrapperWith(new QueryClient()) });
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(result.current.entries).toEqual([]);
    expect(String(error.mock.calls[0][0])).toContain('PRODUCT');
    error.mockRestore();
  });

  it('dictLabel reads a value as text; an unknown value reads as empty', () => {
    expect(dictLabel([{ label: 'a', value: '1' }], 1)).toBe('a');
    expect(dictLabel([{ label: 'a', value: '1' }], 2)).toBe('');
  });
});
