import * as z from 'zod/mini';

/** One entry of a center's activity log: who did what to which object, when, before and after. */
export const ZActivity = z.object({
  id: z.int(),
  actor_email: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  /**
   * The object's name as it is now (a member's name and e-mail, an invitation's e-mail, an account's or
   * a partner center's name), null when the log alone names it (`before`/`after` carry names as they
   * were) or the object is gone. The console needs no other list to read the log.
   */
  object_label: z.nullable(z.string()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  time: z.string(),
});
export type TActivity = z.infer<typeof ZActivity>;

/** GET /scaler/v3/bc/activity?object_type=&page=&page_size= (admins). */
export const ZActivityQuery = z.object({
  object_type: z.optional(z.string().check(z.maxLength(32))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});

export const ZActivityPage = z.object({ list: z.array(ZActivity), total: z.int() });
export type TActivityPage = z.infer<typeof ZActivityPage>;
