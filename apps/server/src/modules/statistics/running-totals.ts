import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { STATS_LEVEL, statsLifetime } from '../../db/schema';
import { chunks, insertMany } from '../tracking/insert-many';
import { decimal } from './micros';

/**
 * Running totals of the lists (`stats_cumulative`, `stats_lifetime`; decisions 6 asks for rollups
 * wherever a query would otherwise scan): per campaign, ad group and creative, the sum of its facts
 * from its first UTC day through each day, one row per day from its first to its last day with facts,
 * and its lifetime row (the same sums through the last day, and that span). A range of whole UTC days
 * [a, b] is then the row at b minus the row at a − 1 for every object of a list: two lookups per object
 * instead of a scan of its days, whatever the length of the range.
 *
 * `addToRunningTotals` keeps them in the writer's transaction, in three set-based statements:
 * 1. the lifetime rows, upserted in key order: their row locks serialise the writers of one object for
 *    the rest of the transaction (a new object's row is created by one writer, the other waits on it);
 * 2. the days the batch adds to an object's span get their rows (before its first day: zero; after its
 *    last day: its total so far), so the span stays dense;
 * 3. every row from a fact's day on adds that day's amounts (a late fact for day D touches the rows of
 *    D up to the last day: a few, since late facts arrive near the end).
 * `rebuildRunningTotals` computes them from `stats_daily_ad` with a window function instead (the
 * migration that introduced them, the benchmark's bulk load, a repair).
 */

/** One creative's amounts on one UTC day: what the writer adds to `stats_daily_ad`. Money in micro-units. */
export interface DayAmounts {
  advId: number;
  campaignId: number;
  adgroupId: number;
  creativeId: number;
  day: string;
  impressions: number;
  clicks: number;
  installs: number;
  cost: bigint;
  revenue: bigint;
  revenueFinal: bigint;
}

type Amounts = Pick<DayAmounts, 'impressions' | 'clicks' | 'installs' | 'cost' | 'revenue' | 'revenueFinal'>;

const zero = (): Amounts => ({
  impressions: 0,
  clicks: 0,
  installs: 0,
  cost: 0n,
  revenue: 0n,
  revenueFinal: 0n,
});

function add(to: Amounts, from: Amounts): void {
  to.impressions += from.impressions;
  to.clicks += from.clicks;
  to.installs += from.installs;
  to.cost += from.cost;
  to.revenue += from.revenue;
  to.revenueFinal += from.revenueFinal;
}

const LEVELS = [
  [STATS_LEVEL.campaign, (d: DayAmounts) => d.campaignId],
  [STATS_LEVEL.adgroup, (d: DayAmounts) => d.adgroupId],
  [STATS_LEVEL.creative, (d: DayAmounts) => d.creativeId],
] as const;

interface ObjectDays {
  advId: number;
  level: number;
  objectId: number;
  /** Sorted. */
  days: string[];
  amounts: Map<string, Amounts>;
}

/** The measure columns of a row, in table order, as the arrays of one statement. */
const MEASURES = ['impressions', 'clicks', 'cost', 'installs', 'revenue', 'revenue_final'] as const;
const measureArrays = (rows: Amounts[]) => [
  sql`${sql.param(rows.map((r) => r.impressions))}::bigint[]`,
  sql`${sql.param(rows.map((r) => r.clicks))}::bigint[]`,
  sql`${sql.param(rows.map((r) => decimal(r.cost)))}::numeric[]`,
  sql`${sql.param(rows.map((r) => r.installs))}::bigint[]`,
  sql`${sql.param(rows.map((r) => decimal(r.revenue)))}::numeric[]`,
  sql`${sql.param(rows.map((r) => decimal(r.revenueFinal)))}::numeric[]`,
];
const objectArrays = (rows: { advId: number; level: number; objectId: number }[]) => [
  sql`${sql.param(rows.map((r) => r.advId))}::int[]`,
  sql`${sql.param(rows.map((r) => r.level))}::smallint[]`,
  sql`${sql.param(rows.map((r) => r.objectId))}::int[]`,
];

const LIFETIME_UPSERT = sql.raw(
  `on conflict (adv_id, level, object_id) do update set first_day = least(stats_lifetime.first_day, excluded.first_day), last_day = greatest(stats_lifetime.last_day, excluded.last_day), ${MEASURES.map(
    (c) => `${c} = stats_lifetime.${c} + excluded.${c}`,
  ).join(', ')}`,
);

/** Adds a batch's amounts per creative and UTC day to the running totals (call inside the writer's transaction). */
export async function addToRunningTotals(tx: Tx, amounts: DayAmounts[]): Promise<void> {
  const byObject = new Map<string, ObjectDays>();
  for (const a of amounts) {
    for (const [level, idOf] of LEVELS) {
      const id = `${a.advId}|${level}|${idOf(a)}`;
      let o = byObject.get(id);
      if (!o) {
        o = { advId: a.advId, level, objectId: idOf(a), days: [], amounts: new Map() };
        byObject.set(id, o);
      }
      let day = o.amounts.get(a.day);
      if (!day) {
        day = zero();
        o.amounts.set(a.day, day);
        o.days.push(a.day);
      }
      add(day, a);
    }
  }
  const objects = [...byObject.values()].sort(
    (a, b) => a.advId - b.advId || a.level - b.level || a.objectId - b.objectId,
  );
  for (const o of objects) o.days.sort();

  // 1. Lifetime rows first, in key order: the lock on each object's running totals.
  const lifetime = objects.map((o) => {
    const total = zero();
    for (const a of o.amounts.values()) add(total, a);
    return {
      advId: o.advId,
      level: o.level,
      objectId: o.objectId,
      firstDay: o.days[0],
      lastDay: o.days[o.days.length - 1],
      impressions: total.impressions,
      clicks: total.clicks,
      cost: decimal(total.cost),
      installs: total.installs,
      revenue: decimal(total.revenue),
      revenueFinal: decimal(total.revenueFinal),
    };
  });
  for (const part of chunks(lifetime)) await insertMany(tx, statsLifetime, part, LIFETIME_UPSERT);

  // 2. Rows for the days the batch adds before the first or after the last day of an object's span.
  for (const part of chunks(objects)) {
    await tx.execute(sql`
      insert into stats_cumulative (adv_id, level, object_id, day, ${sql.raw(MEASURES.join(', '))})
      select o.adv_id, o.level, o.object_id, d.day, ${sql.raw(MEASURES.map((c) => `coalesce(b.${c}, 0)`).join(', '))}
      from unnest(${sql.join(objectArrays(part), sql`, `)},
          ${sql.param(part.map((o) => o.days[0]))}::date[], ${sql.param(part.map((o) => o.days[o.days.length - 1]))}::date[])
        as o(adv_id, level, object_id, first_day, last_day)
      cross join lateral (
        select min(c.day) as first_day, max(c.day) as last_day from stats_cumulative c
        where c.adv_id = o.adv_id and c.level = o.level and c.object_id = o.object_id) e
      cross join lateral (
        select o.first_day + i as day
        from generate_series(0, coalesce(e.first_day - 1, o.last_day) - o.first_day) i
        union all
        select e.last_day + i from generate_series(1, o.last_day - e.last_day) i) d
      left join stats_cumulative b on b.adv_id = o.adv_id and b.level = o.level and b.object_id = o.object_id
        and b.day = e.last_day and d.day > e.last_day
      order by 1, 2, 3, 4`);
  }

  // 3. Each day's amounts added to every row from that day on: per object, steps [day, next day).
  const steps = objects.flatMap((o) => {
    const running = zero();
    return o.days.map((day, i) => {
      add(running, o.amounts.get(day) as Amounts);
      return {
        advId: o.advId,
        level: o.level,
        objectId: o.objectId,
        from: day,
        to: o.days[i + 1] ?? 'infinity',
        amounts: { ...running },
      };
    });
  });
  for (const part of chunks(steps)) {
    await tx.execute(sql`
      update stats_cumulative c set ${sql.raw(MEASURES.map((m) => `${m} = c.${m} + s.${m}`).join(', '))}
      from unnest(${sql.join(objectArrays(part), sql`, `)},
          ${sql.param(part.map((s) => s.from))}::date[], ${sql.param(part.map((s) => s.to))}::date[],
          ${sql.join(measureArrays(part.map((s) => s.amounts)), sql`, `)})
        as s(adv_id, level, object_id, from_day, to_day, ${sql.raw(MEASURES.join(', '))})
      where c.adv_id = s.adv_id and c.level = s.level and c.object_id = s.object_id
        and c.day >= s.from_day and c.day < s.to_day`);
  }
}

/** Per level object and UTC day, from `stats_daily_ad` (of one account, or all). */
function dailyByLevel(advId: number | null): SQL {
  const where = advId === null ? sql`` : sql`where adv_id = ${advId}`;
  const sums = MEASURES.map((c) => `sum(${c}) as ${c}`).join(', ');
  return sql.join(
    LEVELS.map(
      ([level], i) =>
        sql`select adv_id, ${sql.raw(String(level))}::smallint as level, ${sql.raw(['campaign_id', 'adgroup_id', 'creative_id'][i])} as object_id, day, ${sql.raw(sums)}
        from stats_daily_ad ${where} group by 1, 2, 3, 4`,
    ),
    sql` union all `,
  );
}

/**
 * The running totals recomputed from `stats_daily_ad`, for one account or all: every object's span
 * filled day by day (`generate_series`) and summed with a window. Rows go in by day, so a list's
 * lookups of one day read neighbouring rows.
 */
export function rebuildRunningTotalsStatements(advId: number | null): SQL[] {
  const where = advId === null ? sql`` : sql`where adv_id = ${advId}`;
  const cols = sql.raw(MEASURES.join(', '));
  return [
    sql`delete from stats_cumulative ${where}`,
    sql`delete from stats_lifetime ${where}`,
    sql`with d as (${dailyByLevel(advId)}),
      span as (select adv_id, level, object_id, min(day) as first_day, max(day) as last_day from d group by 1, 2, 3)
      insert into stats_cumulative (adv_id, level, object_id, day, ${cols})
      select s.adv_id, s.level, s.object_id, g.day,
        ${sql.raw(MEASURES.map((c) => `sum(coalesce(d.${c}, 0)) over w`).join(', '))}
      from span s
      cross join lateral (select s.first_day + i as day from generate_series(0, s.last_day - s.first_day) i) g
      left join d on d.adv_id = s.adv_id and d.level = s.level and d.object_id = s.object_id and d.day = g.day
      window w as (partition by s.adv_id, s.level, s.object_id order by g.day)
      order by 1, 2, 4, 3`,
    sql`insert into stats_lifetime (adv_id, level, object_id, first_day, last_day, ${cols})
      select adv_id, level, object_id, min(day), max(day), ${sql.raw(MEASURES.map((c) => `sum(${c})`).join(', '))}
      from (${dailyByLevel(advId)}) d group by 1, 2, 3`,
  ];
}

/** Recomputes an account's running totals (or every account's) from its daily rollup. */
export async function rebuildRunningTotals(db: Executor, advId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of rebuildRunningTotalsStatements(advId)) await tx.execute(statement);
  });
}
