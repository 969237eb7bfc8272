/**
 * Whole-page moves (reloads, hard redirects, new windows) go through here so that tests can
 * swap in a recorder: jsdom cannot navigate, and the request client's code rules (R27-R29)
 * are mostly "leave this page".
 */
export interface PageNavigator {
  /** Replaces the current page (no history entry): session ends, client resets. */
  replace(url: string): void;
  /** Reloads the current page (after a token refresh). */
  reload(): void;
  /** Opens a URL in a new window or tab. */
  openWindow(url: string): void;
}

const browserNavigator: PageNavigator = {
  replace: (url) => window.location.replace(url),
  reload: () => window.location.reload(),
  openWindow: (url) => void window.open(url, '_blank', 'noopener'),
};

let current: PageNavigator = browserNavigator;

/** The navigator the app uses; delegates to the browser unless a test installed another. */
export const pageNavigator: PageNavigator = {
  replace: (url) => current.replace(url),
  reload: () => current.reload(),
  openWindow: (url) => current.openWindow(url),
};

/** Installs a navigator (tests); returns a function that restores the browser one. */
export function setPageNavigator(next: PageNavigator): () => void {
  current = next;
  return () => {
    current = browserNavigator;
  };
}

/** A navigator that records what would have happened. */
export function recordingNavigator() {
  const calls: Array<[keyof PageNavigator, string?]> = [];
  const navigator: PageNavigator = {
    replace: (url) => void calls.push(['replace', url]),
    reload: () => void calls.push(['reload']),
    openWindow: (url) => void calls.push(['openWindow', url]),
  };
  return { navigator, calls };
}
