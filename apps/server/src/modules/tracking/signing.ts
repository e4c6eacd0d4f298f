import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TRACKING_PATHS, trimOrigin } from '@scaler/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { instanceSecrets } from '../../db/schema';

/**
 * Click and impression URLs are signed so nobody can record clicks for someone else's campaigns or turn
 * the redirect into an open redirect. The signature covers the kind of touch and what the campaign fixes
 * (`SIGNED_PARAMS`), so an impression URL (shown to every viewer of an ad) never validates as a click; the
 * placement (bundle, country, OS, device ids) is filled in by the supply side and is not signed.
 */
export const SIGNED_PARAMS = ['a', 'app', 'px', 'c', 'g', 'cr', 'u'] as const;
/**
 * `n`, the notice id: one per served impression (the bidder's), so the impression and its click are
 * each counted once however often the URL is requested. Signed when present; URLs without it keep the
 * signature they had.
 */
export type SignedParam = (typeof SIGNED_PARAMS)[number] | 'n';

const SECRET_NAME = 'tracking_url_key';

/** The instance's signing key: created once in the database, so every process shares it. */
export async function trackingKey(db: Executor): Promise<Buffer> {
  await db
    .insert(instanceSecrets)
    .values({ name: SECRET_NAME, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, SECRET_NAME));
  return Buffer.from(row.secret, 'base64url');
}

export type TouchKind = 'click' | 'impression';

/**
 * Unambiguous: a value containing `&u=` cannot move text from one parameter to another, and the kind
 * comes first, so the same parameters signed as a click and as an impression give unrelated signatures.
 */
const canonical = (kind: TouchKind, params: Partial<Record<SignedParam, string>>) =>
  JSON.stringify([kind, ...SIGNED_PARAMS.map((k) => params[k] ?? ''), ...(params.n ? [params.n] : [])]);

export function signParams(
  key: Buffer,
  kind: TouchKind,
  params: Partial<Record<SignedParam, string>>,
): string {
  return createHmac('sha256', key).update(canonical(kind, params)).digest('base64url').slice(0, 32);
}

export function verifySignature(
  key: Buffer,
  kind: TouchKind,
  params: Partial<Record<SignedParam, string>>,
  sig: string,
): boolean {
  const expected = Buffer.from(signParams(key, kind, params));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The placement macros the campaign side leaves for the supply side to fill. */
const PLACEMENT = 'bundle={bundle}&country={country}&os={os}&idfa={idfa}&gaid={gaid}&lang={lang}';

/**
 * A click or impression URL for a campaign's ad: `a` the account, `app` or `px` the asset, `c`/`g`/`cr`
 * campaign, ad group and creative ids, `u` the landing page of web ads. The campaigns issue emits these.
 */
export function trackingUrl(
  key: Buffer,
  origin: string,
  kind: TouchKind,
  params: Partial<Record<SignedParam, string>>,
): string {
  const search = new URLSearchParams();
  for (const k of SIGNED_PARAMS) if (params[k]) search.set(k, params[k] as string);
  if (params.n) search.set('n', params.n);
  search.set('sig', signParams(key, kind, params));
  const path = kind === 'click' ? TRACKING_PATHS.click : TRACKING_PATHS.impression;
  return `${trimOrigin(origin)}${path}?${search.toString()}&${PLACEMENT}`;
}
