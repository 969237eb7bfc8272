/**
 * The entry: the browser paints the boot screen of index.html first, then the app's modules run.
 * The app (main.tsx and what it imports) is fetched from the start all the same: the build lists
 * its chunks in index.html as modulepreload links (scripts/first-screen-chunks.mjs). Run as the
 * entry's own static imports, those modules ran before the first paint whenever they arrived
 * first (a local network), and a phone's first paint waited for all of them (Lighthouse's FCP,
 * docs/performance.md). A hidden tab does not paint: the app starts at once there.
 *
 * The first screen's own chunks (the gateway's, or the shell's with /Home) are asked for here
 * too, not a round trip later when the router asks (first-screen.ts).
 */
import { preloadFirstScreen } from './first-screen';

// The cipher's module first, in a task of its own (warm-cipher.ts), then the app's.
const start = () => import('./warm-cipher').then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(() => import('./main'));
preloadFirstScreen();
if (document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(start, 0));
