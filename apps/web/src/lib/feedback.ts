/**
 * Toasts for code outside React (the request client). Inside the portal the themed message
 * instance of <AntdApp> is bound here (bindFeedback). On the antd-free login gateway antd's
 * message module is loaded on first use (and prefetched when the page is idle), so it costs
 * nothing on the gateway's first load.
 */
import { loadAntdStyles } from './antd-styles';

export interface Toast {
  warning(text: string, seconds: number): void;
  error(text: string, seconds: number): void;
  success(text: string, seconds?: number): void;
}

type MessageApi = { [K in keyof Toast]: (text: string, seconds?: number) => unknown };

let bound: MessageApi | null = null;
let loading: Promise<MessageApi> | null = null;

// antd's first-screen styles come first: antd's engine reads their map once, at its first style,
// and a toast on the gateway (a refused login) would otherwise leave /Home computing them all.
const loadStatic = () =>
  (loading ??= Promise.all([import('antd/es/message'), loadAntdStyles()]).then(([module]) => module.default as MessageApi));

export function bindFeedback(next: MessageApi) {
  bound = next;
}

/** Fetches the toast code ahead of need (gateway: after first paint). */
export const prefetchFeedback = () => void loadStatic();

function show(kind: keyof Toast, text: string, seconds?: number) {
  if (bound) return void bound[kind](text, seconds);
  void loadStatic().then((api) => api[kind](text, seconds));
}

export const toast: Toast = {
  warning: (text, seconds) => show('warning', text, seconds),
  error: (text, seconds) => show('error', text, seconds),
  success: (text, seconds = 3) => show('success', text, seconds),
};
