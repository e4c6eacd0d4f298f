import { ERROR_CODES, type TExchange, type TExchangeCreate, type TExchangeUpdate } from '@scaler/domain';
import { ApiError } from '../../api/client';
import { serverFieldErrors } from '../../components/serverFieldErrors';

/** The fields of the register and edit form, as the API names them. */
export const EXCHANGE_FORM_FIELDS = ['name', 'auction_type', 'currency'] as const;
export type ExchangeFormField = (typeof EXCHANGE_FORM_FIELDS)[number];

/** A token known only by its last characters: "••••Ab3x". */
export const tokenMask = (hint: string) => `••••${hint}`;

/** A count with digit grouping, as the console's money is grouped: 12345 → "12,345". */
export const countText = (n: number) => n.toLocaleString('en-US');

/** The header an exchange sends with every bid request. */
export const authorizationHeader = (token: string) => `Authorization: Bearer ${token}`;

/** What an edit changes: only the fields whose value differs, so an untouched form sends nothing. */
export function exchangePatch(
  exchange: Pick<TExchange, ExchangeFormField>,
  values: TExchangeCreate,
): TExchangeUpdate {
  const patch: TExchangeUpdate = {};
  if (values.name !== exchange.name) patch.name = values.name;
  if (values.auction_type !== exchange.auction_type) patch.auction_type = values.auction_type;
  if (values.currency !== exchange.currency) patch.currency = values.currency;
  return patch;
}

export interface ExchangeRefusal {
  /** Messages for the form's fields (`form.setFields`). */
  fields: { name: ExchangeFormField; errors: string[] }[];
  /** A message no field holds and the API client did not show (the calls are silent); else null. */
  message: string | null;
}

/**
 * Where a refused save belongs: a taken name (EXCHANGE_NAME_TAKEN) and a 400's field messages on their
 * fields, any other business refusal or 403 above the form. Network and server failures were already
 * shown by the client, a cancelled call needs nothing.
 */
export function exchangeRefusal(error: unknown): ExchangeRefusal {
  if (!(error instanceof ApiError)) {
    return { fields: [], message: error instanceof Error ? error.message : String(error) };
  }
  if (error.code === ERROR_CODES.EXCHANGE_NAME_TAKEN.code) {
    return { fields: [{ name: 'name', errors: [error.message] }], message: null };
  }
  const fields = serverFieldErrors(error, EXCHANGE_FORM_FIELDS);
  if (fields.length > 0) return { fields, message: null };
  const unshown = error.kind === 'business' || error.status === 403;
  return { fields: [], message: unshown ? error.message : null };
}
