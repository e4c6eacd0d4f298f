import type { TCommissionHistory, TMarkupHistory, TMoneyHistoryQuery } from '@scaler/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { requireOrgAccess } from '../../access/org-access';
import type { Db } from '../../db/client';
import { advertisers } from '../../db/schema';
import { AppError } from '../../http/errors';
import { firstDayFrom } from './schedule';
import { accountDays } from './view';

/**
 * The history of the money settings (decisions 7): every version with who made it, when, the settings
 * before and after, and when it takes effect; newest first, paged in SQL. The same permissions as the
 * calls that change them: markup (org admins, accounts the center owns), commission (finance).
 */

interface Deps {
  db: Db;
  actor: Actor;
  orgId: number | null;
  query: TMoneyHistoryQuery;
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const by = (r: Row) => (r.email === null ? null : { name: String(r.name), email: String(r.email) });
const num = (v: unknown) => Number(v);
const page = (q: TMoneyHistoryQuery) => sql`limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;

export async function markupHistory(deps: Deps & { advId: number }): Promise<TMarkupHistory> {
  const access = await requireOrgAccess({ ...deps, permission: 'markup.manage' });
  const [adv] = await deps.db
    .select({ timezone: advertisers.timezone })
    .from(advertisers)
    .where(and(eq(advertisers.advId, deps.advId), eq(advertisers.orgId, access.orgId)));
  if (!adv) throw new AppError('NOT_FOUND');
  const days = accountDays(adv.timezone);
  const rows = rowsOf(
    await deps.db.execute(sql`select v.ratio::text as ratio, v.start_date::text as start_date,
        v.end_date::text as end_date, v.role, v.effective_at, v.changed_at,
        lag(v.ratio::text) over w as b_ratio, lag(v.start_date::text) over w as b_start_date,
        lag(v.end_date::text) over w as b_end_date, lag(v.role) over w as b_role,
        u.name, u.email, count(*) over () as total
      from adv_markup_versions v left join users u on u.id = v.changed_by
      where v.adv_id = ${deps.advId}
      window w as (order by v.id)
      order by v.id desc ${page(deps.query)}`),
  );
  const markup = (r: Row, p: string) =>
    r[`${p}ratio`] === null
      ? null
      : {
          ratio: num(r[`${p}ratio`]),
          start_date: String(r[`${p}start_date`]),
          end_date: r[`${p}end_date`] === null ? null : String(r[`${p}end_date`]),
          role: String(r[`${p}role`] ?? 'advertiser'),
        };
  return {
    list: rows.map((r) => ({
      changed_at: iso(r.changed_at),
      changed_by: by(r),
      before: markup(r, 'b_'),
      after: markup(r, ''),
      effective_at: iso(r.effective_at),
      effective_date: firstDayFrom(new Date(iso(r.effective_at)), days),
    })),
    total:
      rows.length > 0
        ? num(rows[0].total)
        : await countOf(deps, sql`adv_markup_versions where adv_id = ${deps.advId}`),
  };
}

export async function commissionHistory(deps: Deps): Promise<TCommissionHistory> {
  const access = await requireOrgAccess({ ...deps, permission: 'finance.manage' });
  const rows = rowsOf(
    await deps.db.execute(sql`select v.show_commission, v.use_commission, v.commission_rate::text as commission_rate,
        v.effective_time, v.effective_at, v.changed_at,
        lag(v.show_commission) over w as b_show_commission, lag(v.use_commission) over w as b_use_commission,
        lag(v.commission_rate::text) over w as b_commission_rate, lag(v.effective_time) over w as b_effective_time,
        lag(v.id) over w as b_id, u.name, u.email, count(*) over () as total
      from org_commission_versions v left join users u on u.id = v.changed_by
      where v.org_id = ${access.orgId}
      window w as (order by v.id)
      order by v.id desc ${page(deps.query)}`),
  );
  const setting = (r: Row, p: string) => ({
    show_commission: Boolean(r[`${p}show_commission`]),
    use_commission: Boolean(r[`${p}use_commission`]),
    commission_rate: num(r[`${p}commission_rate`]),
    effective_time: r[`${p}effective_time`] === null ? null : iso(r[`${p}effective_time`]),
  });
  return {
    list: rows.map((r) => ({
      changed_at: iso(r.changed_at),
      changed_by: by(r),
      before: r.b_id === null ? null : setting(r, 'b_'),
      after: setting(r, ''),
      effective_at: iso(r.effective_at),
    })),
    total:
      rows.length > 0
        ? num(rows[0].total)
        : await countOf(deps, sql`org_commission_versions where org_id = ${access.orgId}`),
  };
}

/** The count when the page is past the end (no row carries it). */
async function countOf(deps: Deps, from: ReturnType<typeof sql>) {
  return num(rowsOf(await deps.db.execute(sql`select count(*) as n from ${from}`))[0].n);
}
