import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/** A built console as Vite leaves it: index.html, hashed files under _app/ with their .br and .gz. */
const SCRIPT = `console.info(${JSON.stringify('x'.repeat(2000))});`;
let t: TestApp;
let web = '';
beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'scaler-web-'));
  mkdirSync(path.join(web, '_app'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root">console</div>');
  writeFileSync(path.join(web, '_app', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(path.join(web, '_app', 'index-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(web, '_app', 'index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

test('console routes answer index.html, revalidated on every visit', async () => {
  for (const url of ['/', '/manage/overview?org=100001', '/assets/events/pixel/abc', '/anything/else']) {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">console</div>');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

test('hashed files are sent precompressed as the browser accepts, and cached for a year', async () => {
  const url = '/_app/index-Ab12Cd34.js';
  const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toContain('javascript');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

  const gz = await get(url, { 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

  const plain = await get(url, { 'accept-encoding': 'identity' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(SCRIPT);
  expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a missing file answers 404, never the console page', async () => {
  // `/assets/` is both the console's own route (`/assets/events`) and where Vite used to put its files.
  for (const url of ['/_app/nope.js', '/_app/index-Ab12Cd34.css', '/assets/nope.js', '/favicon.ico']) {
    const res = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode, url).toBe(404);
    expect(res.body, url).not.toContain('<div id="root">');
  }
});

test('only the files listed at start are served, by their exact path', async () => {
  // A file written after start (a rebuild under a running server) and other spellings of a listed one.
  writeFileSync(path.join(web, '_app', 'late-Zz99Yy88.js'), SCRIPT);
  for (const url of ['/_app/late-Zz99Yy88.js', '/_app/INDEX-Ab12Cd34.js', '/_app//index-Ab12Cd34.js']) {
    const res = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode, url).toBe(404);
  }
  expect((await get('/_app/index-Ab12Cd34.js')).statusCode).toBe(200);
});
