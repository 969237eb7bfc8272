/**
 * Which first screen is coming, guessed before the app runs (src/boot.ts), and the preload of its
 * chunks as index.html lists them (scripts/first-screen-chunks.mjs). The session is read as
 * lib/storage.ts keeps it, by name only: importing that module would bring the app's first
 * chunk into the entry (first-screen.test.ts holds the names equal).
 */
export const BOOT_SESSION = { tokenCookie: 'hall-token', loginTypeKey: 'loginType' } as const;
export const FIRST_SCREENS_META = 'hall-first-screens';

/** The screen the router will show: a signed-in page without a session goes to the gateway. */
export function firstScreen(cookie: string, loginType: string | null, pathname: string): 'shell' | 'gate' | null {
  const signedIn =
    !!loginType &&
    cookie.split('; ').some((c) => c.startsWith(`${BOOT_SESSION.tokenCookie}=`) && c.length > BOOT_SESSION.tokenCookie.length + 1);
  if (!signedIn) return 'gate';
  return pathname === '/gatePage' ? null : 'shell';
}

/** Links the guessed screen's files at low priority (a wrong guess costs one fetch of them). */
export function preloadFirstScreen() {
  const hints = document.querySelector<HTMLMetaElement>(`meta[name="${FIRST_SCREENS_META}"]`);
  let loginType: string | null = null;
  try {
    loginType = sessionStorage.getItem(BOOT_SESSION.loginTypeKey);
  } catch {
    // storage refused (a locked-down browser): guess the gateway, as the app will show it
  }
  const screen = hints && firstScreen(document.cookie, loginType, location.pathname);
  if (!screen) return;
  for (const href of hints.dataset[screen]?.split(' ') ?? []) {
    if (href.endsWith('.css')) preload(href, 'preload', 'style');
    else preload(href, 'modulepreload');
  }
  // antd's first-screen styles, which lib/antd-styles.ts fetches before the shell renders.
  const antdStyles = import.meta.env.HALL_ANTD_STYLES;
  if (screen === 'shell' && antdStyles) preload(antdStyles, 'preload', 'fetch');
}

function preload(href: string, rel: string, as?: string) {
  const link = document.createElement('link');
  link.rel = rel;
  if (as) link.as = as;
  link.href = href;
  link.crossOrigin = ''; // as the importer and fetch() ask for them: the preloaded copy is the one used
  link.setAttribute('fetchpriority', 'low');
  document.head.append(link);
}
