/** `tracking_touches.kind`: 3 and 4 are the bidder's win and billing notices (`delivery/bidder.ts`). */
export const TOUCH_KIND = { impression: 1, click: 2, win: 3, bill: 4 } as const;
