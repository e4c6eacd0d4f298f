import { createHash, randomBytes } from 'node:crypto';

/** A random secret for sessions and e-mail links (256 bits, base64url). */
export const newToken = () => randomBytes(32).toString('base64url');

/** Only this hash is stored, never the token itself. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The spec's `_id`: 24 hex characters. */
export const newUserId = () => randomBytes(12).toString('hex');
