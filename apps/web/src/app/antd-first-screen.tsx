/**
 * The antd parts of the signed-in first screen (AntdShell, the layout, /Home), rendered once at
 * build time in Node (scripts/antd-static-styles.mjs) so that their styles ship as a stylesheet
 * instead of being computed by antd's style engine in the phone's first render
 * (docs/performance.md). Keep it to what the first screen renders: a component missing here
 * still works (the engine computes its styles at run time, as for every later page).
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Button, Empty } from 'antd';
import { renderToString } from 'react-dom/server';
import { lastDerived } from './antd-algorithm';
import { AntdProviders } from './AntdShell';

/**
 * AntdShell's providers (antd's App) around the header's buttons and /Home's empty chart. Left to
 * the run time: the desktop sidebar's Menu (about 5 KB gzip of CSS for a screen that already
 * scores 100) and what comes after the first paint (the account menu, the phone's drawer).
 */
function FirstScreen() {
  return (
    <AntdProviders>
      <Button type="text" icon={<span />}>
        text
      </Button>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="empty" />
    </AntdProviders>
  );
}

/**
 * The component styles antd's engine registers for the first screen, as plain CSS, ending with its
 * map of what the file holds (`.data-ant-cssinjs-cache-path { content }`): the engine in the browser
 * reads that map and neither computes nor injects those styles again. The theme's CSS variables
 * are left to the run time (their class name comes from React's useId, which differs here).
 */
export function firstScreenCss(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <FirstScreen />
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true, types: ['style'] });
}

/** The map token antd derived for the theme in that render (the seed as JSON, and the map). */
export function firstScreenMapToken() {
  if (!lastDerived) throw new Error('antd-first-screen: the render derived no map token');
  return lastDerived;
}
