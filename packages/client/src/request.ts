import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { CHANNEL, open, PROTOCOL_HEADER, PROTOCOL_VERSION, seal } from '@hall/shared/envelope/index.ts';
import { Code, REFRESH_CODES, SESSION_FAILURE_CODES } from '@hall/shared/codes/index.ts';
import { HTTP_TIMEOUT_MS, RELOAD_DELAY_MS, TOAST_DURATION_MS } from '@hall/shared/constants.ts';
import type { Call, CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { trimStrings } from '@hall/shared/validation/text.ts';
import type { TokenPair } from '@hall/shared/schemas/auth.ts';
import { displayMessage } from './answer-message.ts';

/** Whole-page moves of the request client (the apps' navigators satisfy it; tests record them). */
export interface PageNavigator {
  /** Replaces the current page (no history entry): session ends, client resets. */
  replace(url: string): void;
  /** Reloads the current page (after a token refresh). */
  reload(): void;
}

/** The toast the client shows a refusal in. */
export interface Toast {
  warning(text: string, seconds: number): void;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The contract of the call: its `sealed` alone decides whether the body is sealed (R51). */
    call?: Call;
    /** No toast on refusal; the caller logs it (dictionaries R57, the header badge). */
    silent?: boolean;
    /** Hand back the opened answer whatever its code (the refresh call itself). */
    rawAnswer?: boolean;
  }
}

/** An answer with its data opened. */
export interface HallAnswer<T = unknown> {
  code: number;
  type: string;
  message: string;
  data: T;
}

export type RequestFailure = 'business' | 'session' | 'timeout' | 'network' | 'envelope';

export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: RequestFailure,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/**
 * Header of the refresh call. Same value as REFRESH_TOKEN_HEADER in @hall/shared/schemas (a
 * test holds them equal); importing that module's values would pull zod into the gateway bundle.
 */
export const REFRESH_HEADER = 'x-refresh-token';

export const TIMEOUT_MESSAGE = '请求超时，请稍后重试';
const NETWORK_MESSAGE = '网络连接异常，请稍后重试';

export interface RequestDeps {
  baseURL: string;
  envelopeKey: string;
  timeout?: number;
  tokens: { access(): string | undefined; refresh(): string | undefined; save(pair: TokenPair): void };
  /** The app's refresh call (the portal's refreshToken, the console's opsRefreshToken): each side refreshes at its own call. */
  refreshCall: Call;
  /** Where a failed session lands, read before the session is cleared (the portal: by login type). */
  sessionEndPath(): string;
  /** Where code -4 reloads the app (the portal: its root). */
  resetPath: string;
  /** Tokens and session storage (session failure). */
  clearSession(): void;
  /** Session storage only (code -4). */
  clearSessionStorage(): void;
  navigator: PageNavigator;
  toast: Toast;
  schedule?: (run: () => void, ms: number) => void;
  /** Extra headers of a call by its contract's name (acting for a branch, lib/acting-for). */
  actingHeaders?: (callName: string | undefined) => Record<string, string>;
  /**
   * Awaited before a call does its own work (sealing, axios, the XHR). The portal yields to the
   * browser there: the queries a screen starts as it mounts then each run in a task of their own,
   * not all in the one that committed the screen (a phone's Total Blocking Time).
   */
  beforeCall?: () => Promise<void>;
}

const isAnswer = (body: unknown): body is { code: unknown; type?: string; message?: string; data?: unknown } =>
  typeof body === 'object' && body !== null && 'code' in body;

/**
 * The one HTTP client of the portal and the console: every rule of spec §7/§8 lives here (R27-R30, R50-R54) so
 * that feature code only asks for data. Built by a factory so tests can aim it at a local
 * server with a recording navigator.
 */
export function createRequestClient(deps: RequestDeps) {
  const schedule = deps.schedule ?? ((run, ms) => void setTimeout(run, ms));
  const http = axios.create({
    baseURL: deps.baseURL,
    timeout: deps.timeout ?? HTTP_TIMEOUT_MS,
    withCredentials: true,
    headers: { 'Content-Type': 'application/json' },
  });

  http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const token = deps.tokens.access();
    if (token) config.headers.set('Authorization', token);
    config.headers.set(PROTOCOL_HEADER, PROTOCOL_VERSION);
    // A 93 union acting for a released branch (issue 10): the unit-business calls name the branch.
    for (const [name, value] of Object.entries(deps.actingHeaders?.(config.call?.name) ?? {})) config.headers.set(name, value);
    // Only a contract that says sealed: true has its body sealed; 'either' (downloads) and false go plain.
    const sealable = config.method?.toLowerCase() === 'post' && config.call?.sealed === true;
    if (sealable) config.data = { data: seal(trimStrings(config.data ?? {}), deps.envelopeKey), channel: CHANNEL };
    return config;
  });

  http.interceptors.response.use(
    (response) => settle(response),
    (error: unknown) => {
      // An envelope on an HTTP error status (404 of an unknown route) is still an answer.
      if (error instanceof AxiosError && error.response && isAnswer(error.response.data)) return settle(error.response);
      throw transportFailure(error);
    },
  );

  let sessionEnded = false;
  let refreshFlight: Promise<void> | null = null;

  /** Session-failure handling (R4, R29): the app says where (the portal: by login type). */
  function endSession() {
    if (sessionEnded) return;
    sessionEnded = true;
    const target = deps.sessionEndPath();
    deps.clearSession();
    deps.navigator.replace(target);
  }

  /** One refresh for any number of failing calls (R28); the page reloads with the new tokens. */
  function refreshOnce(): Promise<void> {
    refreshFlight ??= (async () => {
      const refreshToken = deps.tokens.refresh();
      if (!refreshToken) return endSession();
      try {
        const response = await http.post<HallAnswer<TokenPair>>(deps.refreshCall.path, undefined, {
          call: deps.refreshCall,
          rawAnswer: true,
          headers: { [REFRESH_HEADER]: refreshToken },
        });
        const pair = response.data.data;
        if (response.data.code !== Code.OK || !pair?.accessToken || !pair.refreshToken) return endSession();
        deps.tokens.save(pair);
        schedule(() => deps.navigator.reload(), RELOAD_DELAY_MS);
      } catch {
        endSession();
      }
    })();
    return refreshFlight;
  }

  function refuse(text: string, code: number, config: AxiosRequestConfig): never {
    if (text && !config.silent) deps.toast.warning(text, TOAST_DURATION_MS / 1000);
    throw new RequestError(text || '请求失败', 'business', code);
  }

  async function settle(response: AxiosResponse): Promise<AxiosResponse> {
    const config = response.config;
    if (config.responseType === 'blob' || config.responseType === 'arraybuffer') return response;
    const body: unknown = response.data;
    if (!isAnswer(body)) refuse('服务器返回的报文格式不正确', -1, config);
    let data: unknown;
    try {
      data = typeof body.data === 'string' && body.data ? open(body.data, deps.envelopeKey) : body.data;
    } catch {
      refuse('服务器返回的报文无法解密', -1, config);
    }
    const answer: HallAnswer = { code: Number(body.code), type: String(body.type ?? ''), message: body.message ?? '', data };
    response.data = answer;
    if (config.rawAnswer) return response;

    const { code } = answer;
    if (code === Code.NOTICE) return response; // R30: the caller decides (e.g. /improveInfo)
    if (code === Code.OK && (answer.type === 'success' || answer.type === '')) return response;
    if (code === Code.RESET_CLIENT) {
      deps.clearSessionStorage();
      deps.navigator.replace(deps.resetPath);
      throw new RequestError(answer.message, 'session', code);
    }
    if (REFRESH_CODES.includes(code)) {
      await refreshOnce();
      throw new RequestError('登录状态已更新，页面即将刷新', 'session', code);
    }
    if (SESSION_FAILURE_CODES.includes(code)) {
      endSession();
      throw new RequestError(answer.message || '登录已失效', 'session', code);
    }
    return refuse(displayMessage(answer.message), code, config);
  }

  function transportFailure(error: unknown): unknown {
    if (axios.isCancel(error)) return error;
    if (error instanceof RequestError) return error;
    const config = error instanceof AxiosError ? error.config : undefined;
    const timedOut = error instanceof AxiosError && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
    const status = error instanceof AxiosError ? error.response?.status : undefined;
    const text = timedOut ? TIMEOUT_MESSAGE : status ? `服务暂时不可用（${status}），请稍后重试` : NETWORK_MESSAGE;
    if (!config?.silent) deps.toast.warning(text, TOAST_DURATION_MS / 1000);
    return new RequestError(text, timedOut ? 'timeout' : 'network');
  }

  /**
   * One call of a contract (packages/shared/src/contracts): GET sends the payload as query
   * parameters, POST as the body, sealed and trimmed when the contract says sealed (R35, R51).
   */
  function call<C extends Call>(
    contract: C,
    payload?: CallInput<C> | FormData,
    config?: AxiosRequestConfig,
  ): Promise<HallAnswer<CallData<C>>> {
    const options = { ...config, call: contract };
    const send = () =>
      contract.method === 'GET'
        ? http.get(contract.path, { ...options, params: payload as object | undefined })
        : http.post(contract.path, payload ?? {}, options);
    const sent = deps.beforeCall ? deps.beforeCall().then(send) : send();
    return sent.then((r) => r.data as HallAnswer<CallData<C>>);
  }

  return { http, call };
}

export type RequestClient = ReturnType<typeof createRequestClient>;
