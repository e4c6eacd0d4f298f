import { dayStartUtc, localDate, zoneOf } from '../clock/clock';
import {
  type AccountDays,
  type CommissionVersion,
  combine,
  commissionSpans,
  type MarkupVersion,
  type MoneyView,
  markupSpans,
} from './schedule';

/**
 * The money view of one account as a request sees it (decisions 3 and 7): the markup in the Advertiser
 * view (everyone but an admin of the owner center, or that admin previewing it with `mark`), and
 * `gmv_fee` when the center named by the request shows commission, each per account-local day at the
 * version in force that day.
 */

/** What a report or list needs of the account, read with it (`requireAds`). */
export interface AccountPricing {
  /** The account's markup versions, in the order they were made. */
  markups: MarkupVersion[];
  /** Whether the caller is an org admin of the account's owner center (the Agent view unless `mark`). */
  ownerAdmin: boolean;
  /** The `org-id` center's commission versions when it shows commission now, else null. */
  commission: { orgId: number; versions: CommissionVersion[] | null };
}

/** The local days of an account's time zone. */
export function accountDays(zone: string): AccountDays {
  // A fixed offset, or an IANA name whose days may be 23 or 25 hours long (each still whole UTC hours).
  const z = zoneOf(zone);
  return { dayStart: (day) => dayStartUtc(day, z), localDate: (at) => localDate(at, z) };
}

/** Whether the caller sees the Advertiser view (markup applied). */
export const seesMarkup = (pricing: AccountPricing, mark: boolean) => !pricing.ownerAdmin || mark;

export function moneyViewOf(adv: { timezone: string; pricing: AccountPricing }, mark: boolean): MoneyView {
  const days = accountDays(adv.timezone);
  const cost = seesMarkup(adv.pricing, mark) ? markupSpans(adv.pricing.markups, days) : [];
  const versions = adv.pricing.commission.versions;
  const fee = versions === null ? null : combine(cost, commissionSpans(versions, days));
  return { cost, fee };
}
