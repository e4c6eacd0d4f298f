import {
  ERROR_CODES,
  type ErrorCode,
  echoAll,
  fieldMessage,
  fieldMessageText,
  type IssueLike,
  type MessageKey,
  normalizeLocale,
  translate,
} from '@scaler/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

interface FieldError {
  path: string;
  message: string;
  params?: Record<string, string>;
  /** The noun of a count message (`validation.at_most`), translated with it. */
  what?: MessageKey;
}

/** The request's language, also when its headers could not be parsed (a refused `timezone`). */
function languageOf(request: FastifyRequest) {
  if (request.ctx) return request.ctx.language;
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return normalizeLocale(header('language') ?? header('accept-language')?.split(',')[0]);
}

/**
 * Answers a catalogue error in the envelope, in the request's language. Whatever the caller sent and the
 * error repeats (a field's path, a value in a message, an origin) is cut to a few hundred characters
 * (`echoAll`): a 1 MB value is refused in a few hundred bytes.
 */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const language = languageOf(request);
  let data = echoAll(error.data);
  if (data && typeof data === 'object' && 'fields' in data && Array.isArray(data.fields)) {
    data = {
      ...data,
      fields: (data.fields as FieldError[]).map((f) => ({
        path: f.path,
        message: fieldMessageText(
          { message: f.message as MessageKey, params: f.params, what: f.what },
          (key, p) => translate(language, key, p),
        ),
      })),
    };
  }
  // A plain serializer: a business error on HTTP 200 must not be checked against the success schema.
  return reply
    .status(error.status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send({
      code: ERROR_CODES[error.code].code,
      msg: translate(language, error.messageKey, echoAll(error.params)),
      data,
    });
}

const FASTIFY_STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** The value a validation issue is about, read from the request part that was validated. */
function inputAt(request: FastifyRequest, context: string | undefined, instancePath: string): unknown {
  const parts: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  let value = context ? parts[context] : undefined;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * PostgreSQL's SQLSTATE of a failed query (drizzle wraps the driver's error in `cause`). Class 22, data
 * exceptions (22P02 invalid text, 22003 out of range, 22007/22008 bad dates, 22021 bad bytes, 22P05 NUL
 * in JSON), means the request carried a value the database cannot hold: the caller's mistake, a 400.
 */
function sqlState(error: unknown): string | null {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * Fastify's own refusals of a URL it cannot route (a broken percent-encoding, a path parameter over the
 * router's 100 characters), which otherwise answer outside the envelope and quote the whole URL: 400 in
 * the envelope, quoting nothing.
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, new AppError('VALIDATION'));
}

/** The one error handler: catalogue errors, validation errors, framework errors, and faults. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        const issue = { ...v.params, code: v.keyword, message: v.message ?? '', path } as IssueLike;
        const { message, params, what } = fieldMessage(
          issue,
          inputAt(request, error.validationContext, v.instancePath),
        );
        return {
          path: [error.validationContext, v.instancePath.replace(/^\//, '').replaceAll('/', '.')]
            .filter(Boolean)
            .join('.'),
          message,
          ...(params ? { params } : {}),
          ...(what ? { what } : {}),
        };
      });
      return sendError(request, reply, new AppError('VALIDATION', { data: { fields } }));
    }
    const state = sqlState(error);
    if (state?.startsWith('22')) {
      request.log.info({ sqlState: state, err: error }, 'refused a value the database cannot hold');
      return sendError(request, reply, new AppError('VALIDATION'));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Framework refusals: malformed JSON or multipart, unsupported media types (406/415) and the like.
      return sendError(request, reply, new AppError(FASTIFY_STATUS_CODES[status] ?? 'VALIDATION'));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, new AppError('INTERNAL'));
  });
}
