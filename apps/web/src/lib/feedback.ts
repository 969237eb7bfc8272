import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts for code outside React (the request client). The app's <AntdApp> hands over its
 * context-aware message instance (theme, locale) through bindFeedback; before that, and in
 * tests without the provider, antd's static message is used.
 */
export interface Toast {
  warning(text: string, seconds: number): void;
  error(text: string, seconds: number): void;
  success(text: string, seconds?: number): void;
}

let instance: Pick<MessageInstance, 'warning' | 'error' | 'success'> = staticMessage;

export function bindFeedback(next: Pick<MessageInstance, 'warning' | 'error' | 'success'>) {
  instance = next;
}

export const toast: Toast = {
  warning: (text, seconds) => void instance.warning(text, seconds),
  error: (text, seconds) => void instance.error(text, seconds),
  success: (text, seconds = 3) => void instance.success(text, seconds),
};
