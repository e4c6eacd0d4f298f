import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplateUrl: string;
  }
}

export const TEMPLATE_DB = 'scaler_test_template';

/**
 * Migrates once per run: a PGlite data-folder dump that each test file loads, and, when
 * TEST_DATABASE_URL points at a PostgreSQL server, a template database each test file clones.
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplateUrl', postgresUrl);
    project.provide('pgliteTemplate', '');
    return;
  }
  const client = await PGlite.create();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'scaler-test-')), 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplateUrl', '');
}
