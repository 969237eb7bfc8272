import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request client already reports failures; retrying a refused call repeats the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * Providers of the entry: only what the login gateway needs too. antd's ConfigProvider and App
 * live in AntdShell, a lazy route around every antd screen: the gateway stays antd-free so its
 * first load fits the 160 KB budget (ConfigProvider alone is ~40 KB gzip).
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
