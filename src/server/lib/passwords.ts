import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. */
/** Algorithm 2 is Argon2id (a const enum in the package's types). */
const OPTIONS = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * The 1,000 most common passwords, in order of frequency, from zxcvbn's list of passwords
 * seen in public breaches (@zxcvbn-ts/language-common).
 */
const COMMON = new Set((dictionary['passwords-common'] as string[]).slice(0, 1000));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the account does not exist keeps both answers equally slow. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash;
}
