import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { buttonConfig as button, theme } from '@hall/client/theme.ts';
import { bindFeedback } from '../lib/feedback';

export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // The request client already reports failures; retrying a refused call repeats the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

function FeedbackBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => bindFeedback(message), [message]);
  return null;
}

/** zh_CN, the portal's theme (packages/client), the antd App context and the query client. */
export function ConsoleProviders({ children, client }: { children: ReactNode; client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN} theme={theme} button={button}>
        <AntdApp>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
