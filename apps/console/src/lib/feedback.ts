import { message } from 'antd';

type MessageApi = Pick<typeof message, 'warning' | 'success' | 'error'>;

let bound: MessageApi | null = null;

/** The themed message instance of <AntdApp> (ConsoleProviders binds it); antd's static one before that. */
export function bindFeedback(next: MessageApi) {
  bound = next;
}

/** Toasts for code outside React (the request client). */
export const toast = {
  warning: (text: string, seconds: number) => void (bound ?? message).warning(text, seconds),
  success: (text: string, seconds = 3) => void (bound ?? message).success(text, seconds),
  error: (text: string, seconds: number) => void (bound ?? message).error(text, seconds),
};
