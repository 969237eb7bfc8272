import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
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
  secret: Uint8Array;
}

const toKey = (secret: string): Key => ({ kid: sha256(secret).slice(0, 12), secret: new TextEncoder().encode(secret) });

/**
 * Access tokens: short-lived HS256 JWTs naming their key by `kid`, so a key can be retired:
 * a token signed by a retired key answers 609003 (refresh), an unknown one 600003.
 */
export class AccessTokens {
  private readonly current: Key;
  private readonly retired: Map<string, Key>;

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
    return new SignJWT({ sid: claims.sid, gen: claims.gen, lt: claims.lt })
      .setProtectedHeader({ alg: 'HS256', kid: this.current.kid })
      .setSubject(claims.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_TTL_S)
      .sign(this.current.secret);
  }

  async verify(token: string): Promise<AccessClaims> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw new HallError(Code.NO_TOKEN, '登录凭证无效，请重新登录');
    }
    const retiredKey = kid ? this.retired.get(kid) : undefined;
    const key = kid === this.current.kid ? this.current : retiredKey;
    if (!key) throw new HallError(Code.NO_TOKEN, '登录凭证无效，请重新登录');
    try {
      const { payload } = await jwtVerify(token, key.secret, { algorithms: ['HS256'], currentDate: this.clock.now() });
      if (retiredKey) throw new HallError(Code.ACCESS_RETIRED_KEY, '登录凭证已更新，请稍候');
      return { sub: String(payload.sub), sid: String(payload.sid), gen: Number(payload.gen), lt: payload.lt as AccessClaims['lt'] };
    } catch (error) {
      if (error instanceof HallError) throw error;
      if (error instanceof errors.JWTExpired) {
        throw new HallError(retiredKey ? Code.ACCESS_RETIRED_KEY : Code.ACCESS_EXPIRED, '登录凭证已过期，请稍候');
      }
      throw new HallError(Code.NO_TOKEN, '登录凭证无效，请重新登录');
    }
  }
}
