import { type QueryClient, useQueryClient } from '@tanstack/react-query';

/**
 * The first element of every query key: one root per feature's data module (`memberKeys.all` is
 * `queryRoot('members')`), so a write can name what it changes without importing that feature.
 */
export const QUERY_ROOTS = [
  'accounts',
  'advertisers',
  'assets',
  'audiences',
  'business-centers',
  'business-settings',
  'campaigns',
  'finance',
  'members',
  'notices',
  'operator-review',
  'overview',
  'partners',
  'reports',
  'verification',
] as const;
export type QueryRoot = (typeof QUERY_ROOTS)[number];

/** The root of a feature's query keys. */
export const queryRoot = <R extends QueryRoot>(root: R): readonly [R] => [root] as const;

/**
 * Which writes invalidate which caches: after a successful write of a kind, every query under these roots
 * is stale (the ones on screen refetch). The one place that knows that an account's members show on the
 * members page, that a center's name shows in the header (user_info), and so on; a feature's mutation
 * names its kind and never imports another feature to clear its cache.
 */
export const INVALIDATES = {
  /** A new session (login): everything user_info and the menus say. */
  'session.start': ['accounts'],
  /** The user's profile (name, avatar, language): user_info. */
  'profile.update': ['accounts'],
  /** A new center: the picker and the session's centers. */
  'center.create': ['business-centers', 'accounts'],
  /** A center's status or role changed elsewhere (an operator approved it): the session's centers and menus. */
  'center.status': ['accounts'],
  /** Business info or commission: the settings page, the picker, the header (user_info, status_fee). */
  'center.settings': ['business-settings', 'business-centers', 'accounts'],
  /** A verification submitted: the center goes to review, its status shows everywhere. */
  'center.verification': ['verification', 'business-centers', 'accounts'],
  /**
   * An advertiser account created, edited, closed, its markup or members: the account lists, the
   * session's accounts (switcher, guard), the members' account lists and pickers, the overview figures.
   */
  'advertiser.change': ['advertisers', 'accounts', 'members', 'overview'],
  /** Members and invitations: the members page, the accounts' members, the caller's session, the overview. */
  'member.change': ['members', 'advertisers', 'accounts', 'overview'],
  /** An invitation accepted: the user is in another center (and may have a new session). */
  'invitation.accept': ['accounts', 'members', 'business-centers'],
  /** Partners and shared accounts: shared flags in the account lists, the pickers, the overview. */
  'partner.change': ['partners', 'advertisers', 'members', 'overview', 'accounts'],
  /** Notices marked read. */
  'notice.read': ['notices'],
  /** An operator's decision: the review queues and the log. */
  'review.decision': ['operator-review'],
  /** Apps, pixels, API sources and their events: the account's asset lists, details and reports. */
  'asset.change': ['assets', 'audiences'],
  /** Audiences created, edited or deleted: the pickers and their reach. */
  'audience.change': ['audiences'],
  /** Campaigns, ad groups and creatives: the /perf lists, details and change history. */
  'campaign.change': ['campaigns', 'reports'],
  /** Money moved between a center and its accounts: the wallets, the account balances, the ledger. */
  'finance.transfer': ['finance'],
  /** A top-up requested: the center's list of requests (and the operators' queue). */
  'finance.topup': ['finance'],
  /** An operator confirmed or rejected a top-up: the queue, the wallets and the decision log. */
  'finance.decision': ['finance', 'operator-review'],
  /** An operator set a credit line: the wallets' available amounts and the decision log. */
  'finance.credit': ['finance', 'operator-review'],
} as const satisfies Record<string, readonly QueryRoot[]>;
export type WriteKind = keyof typeof INVALIDATES;

/** Marks every query a write of this kind changes as stale; resolves when the ones on screen have refetched. */
export async function invalidateAfter(queryClient: QueryClient, kind: WriteKind): Promise<void> {
  await Promise.all(INVALIDATES[kind].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

/** For a mutation's `onSuccess` (or `onSettled`): `onSuccess: useInvalidate('member.change')`. */
export function useInvalidate(kind: WriteKind): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, kind);
}
