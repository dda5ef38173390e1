import * as argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): slow for attackers, fine per login. */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

export const verifyPassword = (hash: string, password: string) => argon2.verify(hash, password);

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username is not told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await argon2.verify(await dummyHash, password);
}
