import { PGlite } from '@electric-sql/pglite';

const { tsImport } = await import('tsx/esm/api');
const { ZReportRequest } = await tsImport('../packages/domain/src/index.ts', import.meta.url);
const { reportQuery } = await tsImport('../apps/server/src/modules/reports/custom.ts', import.meta.url);
const { PgDialect } = await import('drizzle-orm/pg-core');
const db = await PGlite.create('/tmp/sc-copy/pglite');
for (const dims of [
  ['date', 'campaign', 'adgroup', 'creative', 'country'],
  ['date', 'campaign', 'adgroup', 'creative', 'bundle'],
  ['date', 'hour', 'campaign', 'creative', 'country'],
  ['date', 'country', 'os', 'bundle', 'creative'],
]) {
  const req = ZReportRequest.parse({
    start_date: '2025-11-27',
    end_date: '2026-11-26',
    dimensions: dims,
    page_size: 5000,
  });
  const { sql, params } = new PgDialect().sqlToQuery(
    reportQuery({ advId: 1000001, req }, { offset: 0, markup: null, commission: null, basis: 2 }),
  );
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    const r = await db.query(sql, params);
    console.log(dims.join(), r.rows.length, Math.round(performance.now() - t));
  }
}
const c = await db.query(
  `select (select count(*) from stats_hourly) h, (select count(*) from stats_daily) d, (select count(*) from stats_daily_ad) da, (select count(*) from tracking_hourly) th`,
);
console.log(c.rows);
