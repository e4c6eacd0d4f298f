import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@scaler/domain';

/** An asset's `_id`: 24 hex characters, like every `_id` of the spec. */
export const newAssetId = () => randomBytes(12).toString('hex');

/** The secret an attribution partner's postback URL carries (`apps.postback_token`). */
export const newPostbackToken = () => randomBytes(16).toString('hex');

/** An API source token: `sct_` and 256 random bits; only its hash is stored. */
export const newApiToken = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** What `api_sources.token_hash` holds: the SHA-256 of the token, hex. The events API looks tokens up by it. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');
