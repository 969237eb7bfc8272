import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2), OWASP's recommended minimum.
export const hashPassword = (plain: string) => hash(plain);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A hash of a password nobody has: verifying against it costs the same time as a real account. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hash('decoy-' + Math.random()));
