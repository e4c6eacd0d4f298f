import * as z from 'zod/mini';

/**
 * A notice of the header popover (spec 3: type, code, creat_id, reason, adv, msg, time). `msg` is rendered
 * when read, in the language of the request.
 */
export const ZNotice = z.object({
  id: z.int(),
  type: z.string(),
  code: z.int(),
  creat_id: z.nullable(z.string()),
  reason: z.string(),
  adv: z.nullable(z.int()),
  org_id: z.nullable(z.int()),
  msg: z.string(),
  /** ISO 8601. */
  time: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;

/** GET /scaler/v3/info/msg. */
export const ZNoticeList = z.object({ list: z.array(ZNotice), unread: z.int() });
export type TNoticeList = z.infer<typeof ZNoticeList>;

/** POST /scaler/v3/info/msg/clear: all unread notices, or the given ones. */
export const ZClearNoticesRequest = z.optional(
  z.object({ ids: z.optional(z.array(z.int().check(z.positive())).check(z.maxLength(500))) }),
);
