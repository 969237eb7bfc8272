import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_S, Code } from '@hall/shared';
import { ManualClock } from './clock';
import { AccessTokens } from './tokens';

const SECRET = 's'.repeat(40);
const OLD = 'o'.repeat(40);
const claims = { sub: '7', sid: 'session-1', gen: 2, lt: 'unit' as const };
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: { code: number }) => e.code,
  );

describe('access tokens on node:crypto', () => {
  const clock = new ManualClock();
  const tokens = new AccessTokens(SECRET, [OLD], clock);

  it('are standard HS256 JWTs: a JOSE library verifies ours, and ours verifies its own shape', async () => {
    const token = await tokens.sign(claims);
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), { algorithms: ['HS256'], currentDate: clock.now() });
    expect(payload).toMatchObject({ ...claims, exp: Math.floor(clock.now().getTime() / 1000) + ACCESS_TOKEN_TTL_S });
    const kid = decodeProtectedHeader(token).kid!;
    const theirs = await new SignJWT({ sid: claims.sid, gen: claims.gen, lt: claims.lt })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(theirs)).toEqual(claims);
  });

  it('refuses a changed payload or signature, another algorithm, another key, and garbage (600003)', async () => {
    const token = await tokens.sign(claims);
    const [head, body, sig] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: '8' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid: decodeProtectedHeader(token).kid })).toString('base64url');
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', kid: decodeProtectedHeader(token).kid! })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    for (const bad of [
      `${head}.${other}.${sig}`,
      `${head}.${body}.${sig.slice(0, -2)}AA`,
      `${none}.${body}.`,
      `${none}.${body}.${sig}`,
      forged,
      'abc.def.ghi',
      `${head}.${body}`,
      `${token}.x`,
    ])
      expect(await codeOf(tokens.verify(bad)), bad).toBe(Code.NO_TOKEN);
  });

  it('keeps a verified token by its exact text only: a changed copy of it is still refused, and it still expires', async () => {
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [head, body, sig] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), gen: 3 })).toString('base64url');
    for (const bad of [`${head}.${other}.${sig}`, `${head}.${body}.${sig.slice(0, -2)}AA`, `${token} `])
      expect(await codeOf(tokens.verify(bad)), bad).toBe(Code.NO_TOKEN);
    clock.advance(ACCESS_TOKEN_TTL_S * 1000);
    expect(await codeOf(tokens.verify(token))).toBe(Code.ACCESS_EXPIRED);
  });

  it('expires at exp by the injected clock (600002); a retired key answers 609003', async () => {
    const token = await tokens.sign(claims);
    clock.advance(ACCESS_TOKEN_TTL_S * 1000 - 1000);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(1000);
    expect(await codeOf(tokens.verify(token))).toBe(Code.ACCESS_EXPIRED);
    const old = await new AccessTokens(OLD, [], clock).sign(claims);
    expect(await codeOf(tokens.verify(old))).toBe(Code.ACCESS_RETIRED_KEY);
  });
});
