import { createHmac, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S, Code } from '@hall/shared';
import type { Clock } from './clock';
import { sha256 } from './digest';
import { HallError } from './hall-error';

export interface AccessClaims {
  /** account id */
  sub: string;
  /** session id */
  sid: string;
  /** access generation of the session when issued */
  gen: number;
  /** login type */
  lt: 'unit' | 'personal' | 'operator';
}

interface Key {
  kid: string;
  secret: Buffer;
}

const toKey = (secret: string): Key => ({ kid: sha256(secret).slice(0, 12), secret: Buffer.from(secret, 'utf8') });

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const json = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Tokens a node keeps as verified (about 300 bytes each); the oldest goes first beyond it. */
const VERIFIED_MAX = 20_000;

/**
 * Access tokens: short-lived HS256 JWTs (RFC 7519) naming their key by `kid`, so a key can be
 * retired: a token signed by a retired key answers 609003 (refresh), an unknown one 600003.
 * Signed and checked with node:crypto's HMAC: this runs on every call, and a JOSE library's
 * general path cost 20 times as much (issue 11). Only what this class signs is accepted: header
 * exactly {alg: HS256, kid}, the four claims and iat/exp as numbers.
 */
export class AccessTokens {
  private readonly current: Key;
  private readonly retired: Map<string, Key>;
  /**
   * Tokens this node has verified under the current key, with their expiry: a session's calls
   * carry the same token for its lifetime (ACCESS_TOKEN_TTL_S), so its signature is checked once,
   * not on every call (the HMAC and two JSON parses were a tenth of a list call's own work,
   * docs/performance.md). Only the exact string verified before is found here; its expiry is
   * still checked on each call, and whether its session still holds is auth's (identify).
   */
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();

  constructor(
    secret: string,
    retiredSecrets: string[],
    private readonly clock: Clock,
  ) {
    this.current = toKey(secret);
    this.retired = new Map(retiredSecrets.map(toKey).map((k) => [k.kid, k]));
  }

  async sign(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const head = b64url(JSON.stringify({ alg: 'HS256', kid: this.current.kid }));
    const body = b64url(
      JSON.stringify({ sid: claims.sid, gen: claims.gen, lt: claims.lt, sub: claims.sub, iat: now, exp: now + ACCESS_TOKEN_TTL_S }),
    );
    return `${head}.${body}.${mac(this.current, `${head}.${body}`).toString('base64url')}`;
  }

  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known && known.exp > Math.floor(this.clock.now().getTime() / 1000)) {
      const { sub, sid, gen, lt } = known;
      return { sub, sid, gen, lt };
    }
    if (known) this.verified.delete(token); // expired: the full check below says so
    const invalid = () => new HallError(Code.NO_TOKEN, '登录凭证无效，请重新登录');
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) throw invalid();
    const [head, body, signature] = parts;
    const header = json(head);
    if (header?.alg !== 'HS256' || typeof header.kid !== 'string') throw invalid();
    const retiredKey = this.retired.get(header.kid);
    const key = header.kid === this.current.kid ? this.current : retiredKey;
    if (!key) throw invalid();
    const expected = mac(key, `${head}.${body}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    const payload = json(body);
    if (!payload) throw invalid();
    const { sub, sid, gen, lt, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof gen !== 'number' || typeof exp !== 'number') throw invalid();
    if (lt !== 'unit' && lt !== 'personal' && lt !== 'operator') throw invalid();
    if (exp <= Math.floor(this.clock.now().getTime() / 1000)) {
      throw new HallError(retiredKey ? Code.ACCESS_RETIRED_KEY : Code.ACCESS_EXPIRED, '登录凭证已过期，请稍候');
    }
    if (retiredKey) throw new HallError(Code.ACCESS_RETIRED_KEY, '登录凭证已更新，请稍候');
    if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { sub, sid, gen, lt, exp });
    return { sub, sid, gen, lt };
  }
}

function mac(key: Key, input: string): Buffer {
  return createHmac('sha256', key.secret).update(input).digest();
}
