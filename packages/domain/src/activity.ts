import { z } from 'zod';

/** One entry of a center's activity log: who did what to which object, when, before and after. */
export const ZActivity = z.object({
  id: z.number().int(),
  actor_email: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  /**
   * The object's name as it is now (a member's name and e-mail, an invitation's e-mail, an account's or
   * a partner center's name), null when the log alone names it (`before`/`after` carry names as they
   * were) or the object is gone. The console needs no other list to read the log.
   */
  object_label: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  time: z.string(),
});
export type TActivity = z.infer<typeof ZActivity>;

/** GET /scaler/v3/bc/activity?object_type=&page=&page_size= (admins). */
export const ZActivityQuery = z.object({
  object_type: z.string().max(32).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZActivityPage = z.object({ list: z.array(ZActivity), total: z.number().int() });
export type TActivityPage = z.infer<typeof ZActivityPage>;
