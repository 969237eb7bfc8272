import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHANNEL, DEFAULT_ENVELOPE_KEY, open, seal } from '@hall/shared/envelope/index.ts';

/** What the test server saw of one request. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The opened payload of a sealed body (or the raw JSON of an unsealed one). */
  payload: unknown;
  channel?: string;
}

export interface Reply {
  code?: number;
  type?: string;
  message?: string;
  data?: unknown;
  /** Milliseconds to wait before answering (timeouts). */
  delayMs?: number;
  /** A binary answer instead of an envelope (downloads). */
  file?: { body: string; name: string };
}

export type Handler = (request: SeenRequest) => Reply | Promise<Reply>;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });
}

/**
 * A real HTTP server on 127.0.0.1:0 that speaks the portal's envelope (opens sealed bodies,
 * seals answer data) and allows the jsdom origin through CORS, so the request client is
 * tested over the wire, not through a mocked axios.
 */
export async function startEnvelopeServer(handler: Handler, key = DEFAULT_ENVELOPE_KEY) {
  const seen: SeenRequest[] = [];
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const origin = request.headers.origin ?? '*';
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, x-hall-protocol, x-refresh-token');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();

    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(request);
    let payload: unknown;
    let channel: string | undefined;
    if (text) {
      const body = JSON.parse(text) as { data?: string; channel?: string };
      channel = body.channel;
      payload = typeof body.data === 'string' && body.channel ? open(body.data, key) : body;
    }
    const entry: SeenRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      payload,
      channel,
    };
    seen.push(entry);

    const reply = await handler(entry);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
    if (reply.file) {
      response.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(reply.file.name)}`,
      });
      return void response.end(reply.file.body);
    }
    const code = reply.code ?? 0;
    const answer: Record<string, unknown> = { code, type: reply.type ?? (code === 0 ? 'success' : 'error'), message: reply.message ?? '' };
    if (reply.data !== undefined) answer.data = seal(reply.data, key);
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/api`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { CHANNEL };
