import * as z from 'zod/mini';
import { CURRENCIES } from './business-centers';

/**
 * Exchanges (issue 21, decisions 8): the ad exchanges the bidder answers, registered by platform
 * operators in `/sa/tool`. An exchange calls `POST /rtb/bid/{id}` with its token; the token is shown
 * once, when the exchange is created or its token is replaced, and only a hash of it is kept.
 */

/** OpenRTB `at`: 1 first price, 2 second price. */
export const AUCTION_TYPES = [1, 2] as const;
export type AuctionType = (typeof AUCTION_TYPES)[number];

/** The public paths of the bidder (no envelope: OpenRTB on the wire). */
export const RTB_PATHS = {
  /** `POST /rtb/bid/{exchange_id}`: an OpenRTB 2.6 bid request → a bid response, or 204. */
  bid: '/rtb/bid',
  /** Win notice (`nurl`): the auction was won at `${AUCTION_PRICE}`. */
  win: '/rtb/win',
  /** Billing notice (`burl`): the impression is billable at `${AUCTION_PRICE}`. */
  bill: '/rtb/bill',
  /** Loss notice (`lurl`): the auction was lost (`${AUCTION_LOSS}`, `${AUCTION_MIN_TO_WIN}`). */
  loss: '/rtb/loss',
} as const;

/** OpenRTB substitution macros the exchange fills in the notice URLs. */
export const RTB_MACROS = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an OpenRTB macro, not a template
  price: '${AUCTION_PRICE}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an OpenRTB macro, not a template
  minToWin: '${AUCTION_MIN_TO_WIN}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an OpenRTB macro, not a template
  loss: '${AUCTION_LOSS}',
} as const;

export const ZExchange = z.object({
  id: z.int(),
  name: z.string(),
  /** The token's last four characters. */
  token_hint: z.string(),
  auction_type: z.union(AUCTION_TYPES.map((v) => z.literal(v))),
  currency: z.enum(CURRENCIES),
  enabled: z.boolean(),
  /** The URL the exchange posts bid requests to. */
  endpoint: z.string(),
  created_at: z.string(),
  /** Today (UTC) so far, from its notices: wins, billed impressions, spend at the clearing prices. */
  today: z.object({ wins: z.number(), impressions: z.number(), spend: z.string() }),
});
export type TExchange = z.infer<typeof ZExchange>;

export const ZExchanges = z.object({ list: z.array(ZExchange) });
export type TExchanges = z.infer<typeof ZExchanges>;

/** An exchange with its token: the answer of creating one or of replacing its token, shown once. */
export const ZExchangeWithToken = z.object({ exchange: ZExchange, token: z.string() });
export type TExchangeWithToken = z.infer<typeof ZExchangeWithToken>;

const ZExchangeName = z
  .string()
  .check(z.trim(), z.minLength(1, { message: 'validation.required' }), z.maxLength(60));

/** POST /scaler/sa/exchanges. */
export const ZExchangeCreate = z.object({
  name: ZExchangeName,
  auction_type: z.union(AUCTION_TYPES.map((v) => z.literal(v))),
  currency: z.enum(CURRENCIES, { message: 'validation.required' }),
});
export type TExchangeCreate = z.infer<typeof ZExchangeCreate>;

/** PATCH /scaler/sa/exchanges/{id}: any of these. */
export const ZExchangeUpdate = z.object({
  name: z.optional(ZExchangeName),
  auction_type: z.optional(z.union(AUCTION_TYPES.map((v) => z.literal(v)))),
  currency: z.optional(z.enum(CURRENCIES)),
  enabled: z.optional(z.boolean()),
});
export type TExchangeUpdate = z.infer<typeof ZExchangeUpdate>;
