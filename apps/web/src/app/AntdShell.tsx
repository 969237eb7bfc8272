import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Outlet } from 'react-router';
// The theme and button settings are the console's too (packages/client).
import { buttonConfig as button, theme } from '@hall/client/theme.ts';
import { bindFeedback } from '../lib/feedback';
import { firstScreenAlgorithm } from './antd-algorithm';

// The shared theme with antd's default algorithm answered from the build where it can (antd-algorithm.ts).
const shellTheme = { ...theme, algorithm: firstScreenAlgorithm };

/** Gives code outside React (the request client) the themed message instance of <AntdApp>. */
function FeedbackBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => bindFeedback(message), [message]);
  return null;
}

/** zh_CN locale, the blue theme (spec §9) and the antd App context (message, modal). */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={shellTheme} button={button}>
      <AntdApp>
        <FeedbackBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

/** Route element around every antd screen (all but the gateway). */
export default function AntdShell() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
