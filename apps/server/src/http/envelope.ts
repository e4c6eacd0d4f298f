import { envelopeOf, ZErrorEnvelope } from '@scaler/domain';
import type { z } from 'zod';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const ok = <T>(data: T): { code: 0; msg: string; data: T } => ({ code: 0, msg: 'success', data });

/**
 * The `schema.response` of a route whose answer is `envelopeOf(data)`: the success envelope on 200 and
 * the error envelope on every other status. Business errors also ride on HTTP 200 (decisions 2); the
 * error handler sends those with a plain serializer, so they never meet the success schema. An answer
 * that does not match its schema is a server fault (500), which the API tests then catch.
 */
export const replies = <T extends z.core.$ZodType>(data: T) => ({
  200: envelopeOf(data),
  '4xx': ZErrorEnvelope,
  '5xx': ZErrorEnvelope,
});
