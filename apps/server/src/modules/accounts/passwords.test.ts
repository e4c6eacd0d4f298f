import { expect, test } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { hashToken, newToken, newUserId } from './tokens';

test('a password verifies against its own hash only', async () => {
  const stored = await hashPassword('correct horse');
  expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(stored).not.toContain('correct horse');
  expect(await verifyPassword('correct horse', stored)).toBe(true);
  expect(await verifyPassword('correct horsf', stored)).toBe(false);
  expect(await verifyPassword('correct horse', 'plain$text')).toBe(false);
  expect(await hashPassword('correct horse')).not.toBe(stored);
  expect(await verifyAgainstDummy('anything')).toBe(false);
});

test('tokens are random and stored as hashes', () => {
  const a = newToken();
  expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(newToken()).not.toBe(a);
  expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
  expect(hashToken(a)).toBe(hashToken(a));
  expect(newUserId()).toMatch(/^[0-9a-f]{24}$/);
});
