/** The exchange's reading of a bid response: the bid for its impression, or null when there is none. */

export interface ReceivedBid {
  price: number;
  adm: string;
  nurl: string | null;
  burl: string | null;
  lurl: string | null;
  /** The bid's ad group (`adid`); '' when it names none. */
  adid: string;
  crid: string;
  mtype: number | undefined;
  bidId: string;
  seat: string;
  responseId: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** The first bid of the response for impression `impId` with a positive price and markup. */
export function bidOf(body: string, impId: string): ReceivedBid | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const response = parsed as { id?: unknown; bidid?: unknown; seatbid?: unknown };
  if (!Array.isArray(response?.seatbid)) return null;
  for (const seat of response.seatbid as { seat?: unknown; bid?: unknown }[]) {
    if (!Array.isArray(seat?.bid)) continue;
    for (const b of seat.bid as Record<string, unknown>[]) {
      if (b?.impid !== impId || typeof b.price !== 'number' || !(b.price > 0)) continue;
      const adm = text(b.adm);
      if (!adm) continue;
      return {
        price: b.price,
        adm,
        nurl: text(b.nurl),
        burl: text(b.burl),
        lurl: text(b.lurl),
        adid: text(b.adid) ?? '',
        crid: text(b.crid) ?? '',
        mtype: typeof b.mtype === 'number' ? b.mtype : undefined,
        bidId: text(b.id) ?? '',
        seat: text(seat.seat) ?? '',
        responseId: text(response.bidid) ?? '',
      };
    }
  }
  return null;
}
