import { ERROR_CODES, type ErrorCode, type ForbiddenCause, type MessageKey } from '@scaler/domain';

/** The one error type: a catalogue code, optional message parameters, optional data for the client. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly data: unknown;
  readonly messageKey: MessageKey;

  constructor(
    code: ErrorCode,
    options: { params?: Record<string, string | number>; data?: unknown; message?: MessageKey } = {},
  ) {
    super(code);
    this.code = code;
    this.params = options.params ?? {};
    this.data = options.data ?? null;
    this.messageKey = options.message ?? ERROR_CODES[code].message;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');

/** A 403 that says why (`errors.forbidden_<cause>`): the center's status or type, the account's status, the role. */
export const forbiddenBecause = (cause: ForbiddenCause | 'operator') =>
  new AppError('FORBIDDEN', { message: `errors.forbidden_${cause}`, data: { cause } });
