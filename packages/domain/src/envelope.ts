import * as z from 'zod/mini';

/**
 * The wire envelope of every `/scaler/...` answer (decisions 2). A call's answer schema is
 * `envelopeOf(ZSomething)`: the server gives it to the route (OpenAPI shows it, and the answer is
 * checked against it), the console imports the inferred `T...` type of `ZSomething`.
 */
export const envelopeOf = <T extends z.core.$ZodType>(data: T) =>
  z.object({ code: z.literal(0), msg: z.string(), data });

/** A refused call: a non-zero code, the message in the request's language, details in `data`. */
export const ZErrorEnvelope = z
  .object({
    code: z.int(),
    msg: z.string(),
    data: z.unknown(),
  })
  .check(z.meta({ id: 'ErrorEnvelope' }));
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/** An answer without data (`data: null`). */
export const ZNull = z.null();

/** ISO 8601 time in UTC, as every answer writes times. */
export const ZIsoTime = z.string();
