import { ERROR_CODES, type ErrorCode, translate } from '@scaler/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

interface FieldError {
  path: string;
  message: string;
}

function languageOf(request: FastifyRequest) {
  return request.ctx?.language ?? 'en-US';
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const language = languageOf(request);
  let data = error.data;
  if (data && typeof data === 'object' && 'fields' in data && Array.isArray(data.fields)) {
    data = {
      ...data,
      fields: (data.fields as FieldError[]).map((f) => ({
        path: f.path,
        message: translate(language, f.message),
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
      msg: translate(language, error.messageKey, error.params),
      data,
    });
}

const FASTIFY_STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'VALIDATION',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** The one error handler: catalogue errors, validation errors, framework errors, and faults. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: [error.validationContext, v.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.'),
        message: v.message ?? 'validation.invalid',
      }));
      return sendError(request, reply, new AppError('VALIDATION', { data: { fields } }));
    }
    const status = error.statusCode ?? 500;
    if (status < 500 && FASTIFY_STATUS_CODES[status]) {
      return sendError(request, reply, new AppError(FASTIFY_STATUS_CODES[status]));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, new AppError('INTERNAL'));
  });
}
