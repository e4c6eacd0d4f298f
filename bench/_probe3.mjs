import { PGlite } from '@electric-sql/pglite';
const { tsImport } = await import('tsx/esm/api');
const { ZReportRequest } = await tsImport('../packages/domain/src/index.ts', import.meta.url);
const { reportQuery } = await tsImport('../apps/server/src/modules/reports/custom.ts', import.meta.url);
const { PgDialect } = await import('drizzle-orm/pg-core');
const db = await PGlite.create('/tmp/sc-copy/pglite');
const dims = (process.argv[2] ?? 'date,hour,campaign,creative,country').split(',');
const req = ZReportRequest.parse({ start_date: '2025-11-27', end_date: '2026-11-26', dimensions: dims, page_size: 5000 });
const { sql, params } = new PgDialect().sqlToQuery(reportQuery({ advId: 1000001, req }, { offset: 0, markup: null, commission: null, basis: 2 }));
const i = sql.indexOf('r as (select');
const base = sql.slice(0, i);
const p3 = params.slice(0, params.length - 4);
const cols = dims.map((d) => ({date:'date',hour:'hour',campaign:'campaign_id',adgroup:'adgroup_id',creative:'creative_id',country:'country',os:'os',bundle:'bundle'}[d])).join(', ');
const variants = {
  full: [sql, params],
  'gc.* sorted+limited': [base + 'x as (select 1) select gc.* from gc order by gmv desc nulls last limit 5000', p3],
  'gc.* + ratios': [base + `x as (select 1) select gc.*, case when impression > 0 then clicks::numeric / impression else 0 end as ctr,
      case when clicks > 0 then actives::numeric / clicks else 0 end as cvr,
      case when actives > 0 then gmv / actives else 0 end as cpi,
      case when impression > 0 then gmv * 1000 / impression else 0 end as ecpm from gc order by gmv desc nulls last limit 5000`, p3],
  'json_agg gc.*': [base + 'x as (select 1) select json_agg(y) from (select gc.* from gc order by gmv desc nulls last limit 5000) y', p3],
  'full as json_agg': ['select json_agg(z) from (' + sql + ') z', params],
  'count only': [base + 'x as (select 1) select count(*) from gc', p3],
  'keys+gmv sorted': [base + `x as (select 1) select ${cols}, gmv from gc order by gmv desc nulls last limit 5000`, p3],
};
for (let round = 0; round < 3; round++) for (const [k, [q, p]] of Object.entries(variants)) { const t = performance.now(); const r = await db.query(q, p); console.log(round, k.padEnd(22), r.rows.length, Math.round(performance.now() - t)); }
await db.close(); process.exit(0);
