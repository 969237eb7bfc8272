/**
 * The entry: the browser paints the boot screen of index.html first, then the app's modules run.
 * The app (main.tsx and what it imports) is fetched from the start all the same: the build lists
 * its chunks in index.html as modulepreload links (scripts/first-screen-chunks.mjs). Run as the
 * entry's own static imports, those modules ran before the first paint whenever they arrived
 * first (a local network), and a phone's first paint waited for all of them (Lighthouse's FCP,
 * docs/performance.md). A hidden tab does not paint: the app starts at once there.
 */
const start = () => import('./main');
if (document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(start, 0));
