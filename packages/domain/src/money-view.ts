import * as z from 'zod/mini';
import { ZMarkup } from './advertisers';

/**
 * The history of the money settings (decisions 7): every change of an account's markup or a center's
 * commission is a version, in force from the first account-local day that starts at or after the
 * instant it takes effect (`effective_at`), so past days keep their numbers.
 */

/** GET .../history: a page of the changes, newest first. */
export const ZMoneyHistoryQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});
export type TMoneyHistoryQuery = z.infer<typeof ZMoneyHistoryQuery>;

/** Who made a change (null: the settings as they stood when versions began, or a deleted user). */
export const ZMoneyChangedBy = z.nullable(z.object({ name: z.string(), email: z.string() }));

/** GET /scaler/v3/advs/{adv_id}/markup/history: one change of the account's markup. */
export const ZMarkupHistoryRow = z.object({
  changed_at: z.string(),
  changed_by: ZMoneyChangedBy,
  /** The markup before and after the change (null: none). */
  before: z.nullable(ZMarkup),
  after: z.nullable(ZMarkup),
  /** When it takes effect, and the first day of the account (its time zone) it applies to. */
  effective_at: z.string(),
  effective_date: z.string(),
});
export type TMarkupHistoryRow = z.infer<typeof ZMarkupHistoryRow>;

export const ZMarkupHistory = z.object({ list: z.array(ZMarkupHistoryRow), total: z.int() });
export type TMarkupHistory = z.infer<typeof ZMarkupHistory>;

/** The commission settings as a version holds them. */
export const ZCommissionSetting = z.object({
  show_commission: z.boolean(),
  use_commission: z.boolean(),
  commission_rate: z.number(),
  effective_time: z.nullable(z.string()),
});
export type TCommissionSetting = z.infer<typeof ZCommissionSetting>;

/** GET /scaler/v3/bc/commission/history: one change of the center's commission. */
export const ZCommissionHistoryRow = z.object({
  changed_at: z.string(),
  changed_by: ZMoneyChangedBy,
  before: z.nullable(ZCommissionSetting),
  after: ZCommissionSetting,
  /** Each account of the center applies it from its first local day that starts at or after this. */
  effective_at: z.string(),
});
export type TCommissionHistoryRow = z.infer<typeof ZCommissionHistoryRow>;

export const ZCommissionHistory = z.object({ list: z.array(ZCommissionHistoryRow), total: z.int() });
export type TCommissionHistory = z.infer<typeof ZCommissionHistory>;
