import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Outlet } from 'react-router';
import { THEME_PRIMARY_COLOR } from '@hall/shared/constants.ts';
import { bindFeedback } from '../lib/feedback';

dayjs.locale('zh-cn');

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

// antd puts a space between two Chinese characters of a button (确 定); the glossary's texts have none.
const button = { autoInsertSpace: false };

/** zh_CN locale, the blue theme (spec §9) and the antd App context (message, modal). */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={button}>
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
