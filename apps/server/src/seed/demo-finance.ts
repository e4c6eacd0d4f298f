import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { post, walletOf } from '../modules/finance/ledger';
import { chargeSpend } from '../modules/finance/spend';
import { decimal, micros } from '../modules/statistics/micros';

/**
 * The demo's money (finance): each agency center tops up by bank transfer (confirmed by the demo
 * operator), funds its accounts with a quarter more than their 90 days of simulated delivery cost, and
 * the spend is charged from the statistics store, so every page shows a history that agrees with the
 * reports and the accounts keep delivering. One more top-up waits in the operator's queue.
 */

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
const UNIT = 1_000_000n;

export async function seedDemoFinance(db: Db, o: { advIds: number[]; admin: string; operator: string }) {
  if (o.advIds.length === 0) return;
  const accounts = rowsOf(
    await db.execute(sql`select a.adv_id, a.org_id, a.currency,
        coalesce((select sum(cost) from stats_hourly_ad h where h.adv_id = a.adv_id), 0)::text as spend
      from advertisers a join orgs g on g.org_id = a.org_id and g.org_type = 1
      where a.adv_id in (${sql.join(
        o.advIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by a.adv_id`),
  );
  const byCenter = new Map<string, Row[]>();
  for (const a of accounts) {
    const k = `${a.org_id}/${a.currency}`;
    byCenter.set(k, [...(byCenter.get(k) ?? []), a]);
  }
  await db.transaction(async (tx) => {
    for (const [k, list] of byCenter) {
      const [orgId, currency] = [Number(k.split('/')[0]), k.split('/')[1]];
      // Whole units: a quarter over the spend (commission included) and 2,000 to go on with.
      const funds = list.map((a) => ((micros(String(a.spend)) * 5n) / 4n / UNIT + 2_000n) * UNIT);
      const topup = funds.reduce((x, y) => x + y, 0n) + 20_000n * UNIT;
      const [request] = rowsOf(
        await tx.execute(sql`insert into topup_requests (reference, org_id, currency, amount, status,
            received_amount, request_key, requested_by, decided_by, decided_at, created_at)
          values (${`TUDEMO${orgId}`}, ${orgId}, ${currency}, ${decimal(topup)}::numeric, 1,
            ${decimal(topup)}::numeric, 'demo-initial', ${o.admin}, ${o.operator},
            now() - interval '91 days', now() - interval '92 days')
          returning id`),
      );
      const center = await walletOf(tx, { kind: 'center', orgId, currency });
      const bank = await walletOf(tx, { kind: 'bank', currency });
      const { entryId } = await post(tx, {
        reference: `topup:${request.id}`,
        kind: 'topup',
        orgId,
        memo: `TUDEMO${orgId}`,
        actorId: o.operator,
        postings: [
          { walletId: bank, amount: -topup, floor: 'none' },
          { walletId: center, amount: topup },
        ],
      });
      await tx.execute(sql`update topup_requests set entry_id = ${entryId} where id = ${request.id}`);
      for (const [i, a] of list.entries()) {
        const advId = Number(a.adv_id);
        const wallet = await walletOf(tx, { kind: 'account', orgId, advId, currency });
        await post(tx, {
          reference: `demo:transfer:${advId}`,
          kind: 'transfer',
          orgId,
          actorId: o.admin,
          postings: [
            { walletId: center, amount: -funds[i] },
            { walletId: wallet, amount: funds[i] },
          ],
        });
      }
      await tx.execute(sql`insert into topup_requests (reference, org_id, currency, amount, request_key, requested_by)
        values (${`TUDEMOP${orgId}`}, ${orgId}, ${currency}, '5000', 'demo-pending', ${o.admin})`);
    }
  });
  // The 90 days of delivery, charged as the server's minute-by-minute runs would have.
  for (const a of accounts) await chargeSpend(db, { advId: Number(a.adv_id), lookbackHours: 92 * 24 });
}
