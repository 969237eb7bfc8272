import { ecb } from '@noble/ciphers/aes.js';

/**
 * The spec's envelope (§7): request bodies travel as {data: base64(AES-128-ECB-PKCS7(json)), channel},
 * answers as {code, type, message, data}. It is a compatibility layer, not security: the key ships
 * in the page. TLS and the server's own checks are the protection (docs/decisions.md).
 */
export const CHANNEL = '066';

/** Built-in 16-byte default key; override with HALL_ENVELOPE_KEY (server) / VITE_ENVELOPE_KEY (web). */
export const DEFAULT_ENVELOPE_KEY = 'HallMutualAid066';

/** Bumped when the wire format changes; a client with another version is told to reset (code -4). */
export const PROTOCOL_VERSION = '1';
export const PROTOCOL_HEADER = 'x-hall-protocol';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function keyBytes(key: string): Uint8Array {
  const bytes = encoder.encode(key);
  if (bytes.length !== 16) throw new Error('信封密钥必须是 16 字节');
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function base64ToBytes(text: string): Uint8Array {
  if (!BASE64.test(text)) throw new EnvelopeError('bad-base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type EnvelopeFault = 'bad-base64' | 'bad-cipher' | 'bad-json';

export class EnvelopeError extends Error {
  constructor(readonly fault: EnvelopeFault) {
    super(fault);
  }
}

/** Seals any JSON value (undefined travels as null). */
export function seal(payload: unknown, key: string = DEFAULT_ENVELOPE_KEY): string {
  const plain = encoder.encode(JSON.stringify(payload ?? null));
  return bytesToBase64(ecb(keyBytes(key)).encrypt(plain));
}

/** Opens a sealed value; throws EnvelopeError naming what was wrong. */
export function open<T = unknown>(sealed: string, key: string = DEFAULT_ENVELOPE_KEY): T {
  const cipherBytes = base64ToBytes(sealed);
  if (cipherBytes.length === 0 || cipherBytes.length % 16 !== 0) throw new EnvelopeError('bad-cipher');
  let plain: Uint8Array;
  try {
    plain = ecb(keyBytes(key)).decrypt(cipherBytes);
  } catch {
    throw new EnvelopeError('bad-cipher');
  }
  let text: string;
  try {
    text = decoder.decode(plain);
  } catch {
    throw new EnvelopeError('bad-cipher');
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new EnvelopeError('bad-json');
  }
}

export interface SealedRequest {
  data: string;
  channel: string;
}

export interface SealedAnswer {
  code: number;
  type: 'success' | 'error' | 'warning';
  message: string;
  data?: string;
}
