import * as argon2 from 'argon2';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it("uses argon2id at OWASP's minimum cost and verifies only the right password", async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horsE')).toBe(false);
  });

  it('still verifies a hash made with the old default cost', async () => {
    const old = await argon2.hash('kept password', { type: argon2.argon2id });
    expect(old).toMatch(/m=65536,t=3,p=4/);
    expect(await verifyPassword(old, 'kept password')).toBe(true);
  });
});
