import { z } from 'zod';

/**
 * A notice of the header popover (spec 3: type, code, creat_id, reason, adv, msg, time). `msg` is rendered
 * when read, in the language of the request.
 */
export const ZNotice = z.object({
  id: z.number().int(),
  type: z.string(),
  code: z.number().int(),
  creat_id: z.string().nullable(),
  reason: z.string(),
  adv: z.number().int().nullable(),
  org_id: z.number().int().nullable(),
  msg: z.string(),
  /** ISO 8601. */
  time: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;

/** GET /scaler/v3/info/msg. */
export const ZNoticeList = z.object({ list: z.array(ZNotice), unread: z.number().int() });
export type TNoticeList = z.infer<typeof ZNoticeList>;

/** POST /scaler/v3/info/msg/clear: all unread notices, or the given ones. */
export const ZClearNoticesRequest = z
  .object({ ids: z.array(z.number().int().positive()).max(500).optional() })
  .optional();
