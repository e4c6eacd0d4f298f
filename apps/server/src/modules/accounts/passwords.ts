import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { loadPasswordChecker, passwordProblem } from '@scaler/domain';
import { AppError } from '../../http/errors';

const PARAMS = { N: 16384, r: 8, p: 1, keylen: 64 } as const;

function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions & { keylen: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, options.keylen, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keylen: expected.length,
  });
  return timingSafeEqual(key, expected);
}

/** Spends the same time as a real check, so unknown e-mails cannot be told apart by timing. */
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}

/**
 * The shared password rule (`passwordProblem` of the domain package, zxcvbn-ts behind it) as the
 * server applies it: a weak or short password is a validation error on `path`, in the request's
 * language. `userInputs` are the user's own e-mail and name, which a password must not lean on.
 */
export async function assertStrongPassword(
  password: string,
  userInputs: readonly string[],
  path = 'body.password',
): Promise<void> {
  const problem = passwordProblem(await loadPasswordChecker(), password, userInputs);
  if (problem) throw new AppError('VALIDATION', { data: { fields: [{ path, message: problem }] } });
}
