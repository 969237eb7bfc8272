import { THEME_PRIMARY_COLOR } from '@hall/shared/constants.ts';

/**
 * The antd theme of the portal and the console (plain data, no antd import). Text colours meet
 * WCAG AA (4.5:1) on white and on the light page backgrounds: antd's defaults for
 * tertiary/description text and placeholders (45% and 25% black) do not.
 */
// Someone who asked the system for less motion gets none (WCAG 2.3.3): dialogs, drawers and menus
// appear at once. Read once at load; the end-to-end tests ask for it too, so no click lands on a
// dialog that is still zooming in.
const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export const theme = {
  token: {
    motion: !reducedMotion,
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

// antd puts a space between two Chinese characters of a button (确 定); the glossary's texts have none.
export const buttonConfig = { autoInsertSpace: false };
