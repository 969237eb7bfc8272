import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { FOOTER_TOP_MARGIN, PAGE_WIDTHS_PX, SIDEBAR_WIDTH_PX } from '@hall/shared/constants.ts';
import { installSessionRule } from './lib/session';
import { restoreSession } from './stores/session';
import { Providers } from './app/providers';
import { AppRouter } from './app/AppRouter';
import './styles/global.css';

// Order matters: the 5-minute rule may clear the token cookies (R32) before the session is read.
installSessionRule();
restoreSession();

// The spec's sizes (packages/shared/constants.ts) reach the CSS once, as variables (styles/global.css).
const rootStyle = document.documentElement.style;
rootStyle.setProperty('--hall-page-narrow', `${PAGE_WIDTHS_PX[0]}px`);
rootStyle.setProperty('--hall-page-wide', `${PAGE_WIDTHS_PX[1]}px`);
rootStyle.setProperty('--hall-sidebar-width', `${SIDEBAR_WIDTH_PX}px`);
rootStyle.setProperty('--hall-footer-margin', `${FOOTER_TOP_MARGIN}px`);

// The first render is a transition: React yields to the browser between components (the shell,
// the layout and the page rendered as one task on a phone's CPU: docs/decisions.md).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
