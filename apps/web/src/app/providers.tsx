import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { THEME_PRIMARY_COLOR } from '@hall/shared/constants.ts';
import { bindFeedback } from '../lib/feedback';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request client already reports failures; retrying a refused call repeats the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export const theme = {
  token: {
    colorPrimary: THEME_PRIMARY_COLOR,
    borderRadius: 4,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
};

/** Gives code outside React (the request client) the themed message instance of <AntdApp>. */
function FeedbackBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => bindFeedback(message), [message]);
  return null;
}

/** zh_CN locale, the blue theme, the antd App context (message, modal) and the query cache. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
