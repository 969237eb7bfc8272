import { ecb } from '@noble/ciphers/aes.js';

/**
 * The spec's envelope (§7): request bodies travel as {data: base64(AES-128-ECB-PKCS7(json)), channel},
 * answers as {code, type, message, data}. It is a compatibility layer, not security: the key ships
 * in the page. TLS and the server's own checks are the protection (docs/decisions.md, "The envelope is not security").
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

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

const ALPHABET_CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const ascii = new TextDecoder('latin1');

/**
 * Table-driven base64 into a byte buffer, decoded to text once (btoa over a char-code spread,
 * and string concatenation after it, were the slowest steps of the envelope: bench/envelope.ts).
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  const whole = bytes.length - (bytes.length % 3);
  let o = 0;
  for (let i = 0; i < whole; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out[o++] = ALPHABET_CODES[n >> 18];
    out[o++] = ALPHABET_CODES[(n >> 12) & 63];
    out[o++] = ALPHABET_CODES[(n >> 6) & 63];
    out[o++] = ALPHABET_CODES[n & 63];
  }
  const rest = bytes.length - whole;
  if (rest > 0) {
    const n = (bytes[whole] << 16) | (rest === 2 ? bytes[whole + 1] << 8 : 0);
    out[o++] = ALPHABET_CODES[n >> 18];
    out[o++] = ALPHABET_CODES[(n >> 12) & 63];
    out[o++] = rest === 2 ? ALPHABET_CODES[(n >> 6) & 63] : 61;
    out[o++] = 61;
  }
  return ascii.decode(out);
}

export function base64ToBytes(text: string): Uint8Array {
  if (text.length % 4 !== 0) throw new EnvelopeError('bad-base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let out = 0;
  for (let i = 0; i < text.length; i += 4) {
    let n = 0;
    for (let j = 0; j < 4; j++) {
      const code = text.charCodeAt(i + j);
      const pad = code === 61 && i + j >= text.length - padding;
      const value = pad ? 0 : code < 128 ? DECODE[code] : -1;
      if (value < 0) throw new EnvelopeError('bad-base64');
      n = (n << 6) | value;
    }
    if (out < bytes.length) bytes[out++] = n >> 16;
    if (out < bytes.length) bytes[out++] = (n >> 8) & 255;
    if (out < bytes.length) bytes[out++] = n & 255;
  }
  return bytes;
}

/**
 * AES-128-ECB with PKCS7 padding. The portal uses @noble/ciphers (WebCrypto has no ECB); the
 * server passes node:crypto's OpenSSL implementation (about 10x faster). Both are held to the
 * same known-answer vectors.
 */
export interface BlockCipher {
  encrypt(key: Uint8Array, plain: Uint8Array): Uint8Array;
  decrypt(key: Uint8Array, sealed: Uint8Array): Uint8Array;
  /** The platform's own Base64 where it has one (Node's Buffer): the server seals every answer. */
  toBase64?(bytes: Uint8Array): string;
}

export const nobleCipher: BlockCipher = {
  encrypt: (key, plain) => ecb(key).encrypt(plain),
  decrypt: (key, sealed) => ecb(key).decrypt(sealed),
};

export type EnvelopeFault = 'bad-base64' | 'bad-cipher' | 'bad-json';

export class EnvelopeError extends Error {
  constructor(readonly fault: EnvelopeFault) {
    super(fault);
  }
}

/** Seals any JSON value (undefined travels as null). */
export function seal(payload: unknown, key: string = DEFAULT_ENVELOPE_KEY, cipher: BlockCipher = nobleCipher): string {
  const plain = encoder.encode(JSON.stringify(payload ?? null));
  const sealed = cipher.encrypt(keyBytes(key), plain);
  return cipher.toBase64 ? cipher.toBase64(sealed) : bytesToBase64(sealed);
}

/** Opens a sealed value; throws EnvelopeError naming what was wrong. */
export function open<T = unknown>(sealed: string, key: string = DEFAULT_ENVELOPE_KEY, cipher: BlockCipher = nobleCipher): T {
  const cipherBytes = base64ToBytes(sealed);
  if (cipherBytes.length === 0 || cipherBytes.length % 16 !== 0) throw new EnvelopeError('bad-cipher');
  let text: string;
  try {
    text = decoder.decode(cipher.decrypt(keyBytes(key), cipherBytes));
  } catch {
    throw new EnvelopeError('bad-cipher');
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new EnvelopeError('bad-json');
  }
}
