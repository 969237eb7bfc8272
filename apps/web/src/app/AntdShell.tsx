import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Outlet } from 'react-router';
import { THEME_PRIMARY_COLOR } from '@hall/shared/constants.ts';
import { bindFeedback } from '../lib/feedback';

/**
 * Text colours meet WCAG AA (4.5:1) on white and on the light page backgrounds: antd's defaults
 * for tertiary/description text and placeholders (45% and 25% black) do not.
 */
export const theme = {
  token: {
    colorPrimary: THEME_PRIMARY_COLOR,
    colorInfo: THEME_PRIMARY_COLOR,
    colorLink: THEME_PRIMARY_COLOR,
    // Hover and press darken (antd lightens by default, leaving white text on a hovered button at 3:1).
    colorPrimaryHover: '#0b4fc4',
    colorPrimaryActive: '#093f9e',
    colorLinkHover: '#0b4fc4',
    colorLinkActive: '#093f9e',
    colorError: '#d32029', // form messages: 5.2:1 on white (antd's #ff4d4f gives 3.3:1)
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
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
