import * as argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about a fifth of the
 * library's default cost (64 MiB, 3 passes, 4 lanes), which on two shared cores kept logins
 * waiting past the gateway's RPC timeout under load. Each hash records its own parameters, so
 * older hashes still verify.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export const verifyPassword = (hash: string, password: string) => argon2.verify(hash, password);

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username is not told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await argon2.verify(await dummyHash, password);
}
