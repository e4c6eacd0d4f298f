/** A notice of the header popover (spec 3: type, code, creat_id, reason, adv, msg, time). */
export interface TNotice {
  id: number;
  type: string;
  code: number;
  creat_id: string | null;
  reason: string;
  adv: number | null;
  org_id: number | null;
  msg: string;
  /** ISO 8601. */
  time: string;
}

/** GET /scaler/v3/info/msg. */
export interface TNoticeList {
  list: TNotice[];
  unread: number;
}
