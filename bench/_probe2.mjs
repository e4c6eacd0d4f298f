import { PGlite } from '@electric-sql/pglite';

const { tsImport } = await import('tsx/esm/api');
const { ZReportRequest } = await tsImport('../packages/domain/src/index.ts', import.meta.url);
const { reportQuery } = await tsImport('../apps/server/src/modules/reports/custom.ts', import.meta.url);
const { PgDialect } = await import('drizzle-orm/pg-core');
const db = await PGlite.create('/tmp/sc-copy/pglite');
const dims = process.argv[2].split(',');
const req = ZReportRequest.parse({
  start_date: '2025-11-27',
  end_date: '2026-11-26',
  dimensions: dims,
  page_size: 5000,
});
const { sql, params } = new PgDialect().sqlToQuery(
  reportQuery(
    { advId: 1000001, req },
    { offset: Number(process.argv[3] ?? 0), markup: null, commission: null, basis: 2 },
  ),
);
await db.query(sql, params);
const r = await db.query('explain (analyze, buffers off) ' + sql, params);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await db.close();
process.exit(0);
