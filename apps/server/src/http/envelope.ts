import { z } from 'zod';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: 'success', data });

/** The response schema of a successful call, for the OpenAPI document. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(0), msg: z.string(), data });
