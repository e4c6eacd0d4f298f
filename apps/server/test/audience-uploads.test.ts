import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../src/db/client';
import { audienceMembers, audiences } from '../src/db/schema';
import { AudienceBuilder } from '../src/modules/audiences/build';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * Issue 17, findings 2 and 4: a device id list of a run of quotes is refused at once, and the largest
 * upload (200,000 ids, 7.4 MB) answers "processing" at once and is written after the answer in short
 * chunks, so `/healthz` and other calls keep answering; the new members replace the old ones at once
 * when all are written; a failed or lost build says why. On PGlite (one connection in this process)
 * and PostgreSQL.
 */

let t: TestApp;
let w: World;

type Audience = {
  audience_id: number;
  status: number;
  size: number;
  build_error: string | null;
  upload: { valid: number; duplicates: number; invalid: number } | null;
};

const headers = () => ({ 'org-id': String(w.agency), 'adv-id': String(w.adv1) });
const send = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  body?: unknown,
  extra: Record<string, string> = {},
) => call(t.app, { method, url, body, token: w.tokens.admin, headers: { ...headers(), ...extra } });

const device = (i: number) => `a1b2c3d4-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
const devices = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => device(from + k));
const hashOf = (id: string) => createHash('sha256').update(id.toUpperCase()).digest('hex');

/** The PUT of an upload as the console sends it: the JSON text made before the clock starts. */
const uploadBody = (device_ids: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'CRM', source_type: 2, device_ids, ...extra });
const putUpload = (payload: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/scaler/v3/audience',
    headers: { token: w.tokens.admin, ...headers(), 'content-type': 'application/json' },
    payload,
  });

async function list(): Promise<Audience[]> {
  const res = await send('GET', '/scaler/v3/audiences?page_size=500');
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.list;
}
const find = async (id: number) => (await list()).find((a) => a.audience_id === id);

/** Member rows of the audience by generation. */
async function rowsByGen(id: number): Promise<Record<number, number>> {
  const rows = await t.db
    .select({ gen: audienceMembers.gen, n: sql<number>`count(*)::integer` })
    .from(audienceMembers)
    .where(eq(audienceMembers.audienceId, id))
    .groupBy(audienceMembers.gen);
  return Object.fromEntries(rows.map((r) => [r.gen, Number(r.n)]));
}

/** The reach the ad group form shows for this audience alone (what readers of the members see). */
const reach = async (id: number) =>
  (await send('POST', '/scaler/v3/adgroup/check/audience', { audience_include: [id] })).body.data.include;

interface Health {
  /** The slowest `/healthz` answer, counted from when it was due, in milliseconds. */
  worst: number;
  /** The 95th percentile of the answers. */
  p95: number;
  probes: number;
  /** The longest the event loop was blocked. */
  loop: number;
}

/**
 * Asks `/healthz` every 10 ms until `work` settles, as a monitor outside would: each answer is timed
 * from when it was due, so a blocked event loop (which also delays the asking) counts in full.
 */
async function healthWhile<T>(work: Promise<T>): Promise<{ result: T; health: Health }> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const latencies: number[] = [];
  const probes: Promise<void>[] = [];
  for (let due = performance.now(); !done; due += 10) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const asked = due;
    probes.push(
      t.app.inject({ method: 'GET', url: '/healthz' }).then((res) => {
        expect(res.statusCode).toBe(200);
        latencies.push(performance.now() - asked);
      }),
    );
    // After a blocked stretch the next probe is due from now (one probe stands for the missed ones).
    if (performance.now() - due > 10) due = performance.now() - 10;
  }
  await Promise.all(probes);
  loop.disable();
  latencies.sort((a, b) => a - b);
  const health = {
    worst: latencies[latencies.length - 1] ?? 0,
    p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0,
    probes: latencies.length,
    loop: loop.max / 1e6,
  };
  return { result: await settled, health };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Waits (probing `/healthz` meanwhile) until the audience is no longer processing. */
async function finished(id: number) {
  let last: Audience | undefined;
  const wait = (async () => {
    for (let i = 0; i < 240; i++) {
      last = await find(id);
      if (last && last.status !== 1) return last;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`audience ${id} is still processing`);
  })();
  return healthWhile(wait);
}

beforeAll(async () => {
  // PGlite in files, as a server keeps it (see `createTestApp`).
  t = await createTestApp({}, { pgliteOnDisk: true });
  w = await buildWorld(t);
});
afterAll(() => t.close());

describe('finding 2: a run of quotes in a device id list', () => {
  test('x + 100,000 quotes + x is refused at once while /healthz keeps answering', async () => {
    const payload = uploadBody(`x${'"'.repeat(100_000)}x`);
    // The best of three tries, as the parsers' own test does (a busy machine stalls a process now and
    // then); before issue 17 each took 16 s with /healthz blocked the whole time.
    const tries: { took: number; worst: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const { result: res, health } = await healthWhile(putUpload(payload));
      tries.push({ took: performance.now() - started, worst: health.worst });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields[0]).toMatchObject({ path: 'body.device_ids' });
      if (health.worst < 100) break;
    }
    expect(Math.min(...tries.map((r) => r.took))).toBeLessThan(1_000);
    expect(Math.min(...tries.map((r) => r.worst))).toBeLessThan(100);
  });
});

describe('finding 4: the largest upload', () => {
  const ALL = 200_000;
  let audienceId: number;

  test('200,000 ids answer "processing" at once; the members are written after it while /healthz answers', async () => {
    // 200,000 valid ids (7.4 MB with their line breaks), some repeated in another case, some invalid.
    const text = [...devices(0, ALL), device(5).toUpperCase(), device(7), 'idfa', 'not-an-id'].join('\n');
    expect(text.length).toBeGreaterThan(7_400_000);
    const payload = uploadBody(text);
    // What /healthz answers with nothing running, on this machine now (for the figures below).
    const { health: quiet } = await healthWhile(new Promise((resolve) => setTimeout(resolve, 3_000)));
    const started = performance.now();
    const { result: res, health: duringRequest } = await healthWhile(putUpload(payload));
    const answered = performance.now() - started;
    const saved = res.json().data as Audience;
    expect(res.statusCode).toBe(200);
    expect(saved).toMatchObject({
      status: 1,
      size: 0,
      build_error: null,
      upload: { valid: ALL, duplicates: 2, invalid: 2 },
    });
    audienceId = saved.audience_id;

    const { result: built, health } = await finished(audienceId);
    const total = performance.now() - started;
    // Answered before the members were written (under a second on a quiet machine, parsing the list
    // being most of it; 11.5 s, after the writing, before issue 17): well inside the whole time, which
    // holds on a busy machine too, where both stretch.
    expect(answered).toBeLessThan(total / 2);
    expect(built).toMatchObject({ status: 2, size: ALL, build_error: null });
    expect(await rowsByGen(audienceId)).toEqual({ 1: ALL });
    expect(await reach(audienceId)).toBe(ALL);
    console.info(
      `[${t.kind}] 200,000-id upload: answered in ${ms(answered)} (/healthz meanwhile at worst ` +
        `${ms(duringRequest.worst)}); members written ${ms(total)} after the upload began; /healthz during ` +
        `the writing: ${health.probes} probes, p95 ${ms(health.p95)}, worst ${ms(health.worst)}, event loop ` +
        `blocked at most ${ms(health.loop)}; with nothing running: p95 ${ms(quiet.p95)}, worst ` +
        `${ms(quiet.worst)}, loop ${ms(quiet.loop)}`,
    );
    // No statement of the writing holds the process: 95% of the probes within 100 ms and none near the
    // 11.5 s of before. Every probe is within 100 ms on a quiet machine; on a machine shared with other
    // work the process itself stalls now and then (see "with nothing running" above).
    expect(health.p95).toBeLessThan(100);
    expect(health.worst).toBeLessThan(1_000);
  }, 180_000);

  test('a new list replaces the members at once: readers see the old ones until it is complete', async () => {
    const payload = uploadBody(devices(ALL, ALL + 150_000).join('\n'), { audience_id: audienceId });
    const res = await putUpload(payload);
    expect(res.json().data).toMatchObject({ status: 1, size: ALL, upload: { valid: 150_000 } });
    // While it is written: still the old members, whole, never a mix.
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) {
      const a = await find(audienceId);
      seen.add(await reach(audienceId));
      if (a?.status !== 1) break;
      expect(a.size).toBe(ALL);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const done = await find(audienceId);
    expect(done).toMatchObject({ status: 2, size: 150_000 });
    expect([...seen].every((n) => n === ALL || n === 150_000)).toBe(true);
    expect(await reach(audienceId)).toBe(150_000);
    const [first] = await t.db
      .select({ hash: audienceMembers.memberHash })
      .from(audienceMembers)
      .where(
        and(eq(audienceMembers.audienceId, audienceId), eq(audienceMembers.memberHash, hashOf(device(0)))),
      );
    expect(first).toBeUndefined();
    // The old generation is deleted after the swap, in chunks too.
    for (let i = 0; i < 600 && Object.keys(await rowsByGen(audienceId)).length > 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await rowsByGen(audienceId)).toEqual({ 2: 150_000 });
  }, 180_000);
});

describe('failures', () => {
  /** A small upload audience, built: its id. */
  async function smallAudience(from: number): Promise<number> {
    const res = await send('PUT', '/scaler/v3/audience', {
      name: 'Small',
      source_type: 2,
      device_ids: devices(from, from + 120).join('\n'),
    });
    const id = res.body.data.audience_id as number;
    for (let i = 0; i < 600 && (await find(id))?.status === 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await find(id)).toMatchObject({ status: 2, size: 120 });
    return id;
  }

  /** What `PUT /scaler/v3/audience` with a list leaves before its members are written: generation 2. */
  const startUpload = (id: number, updatedAt = new Date()) =>
    t.db
      .update(audiences)
      .set({ status: 1, uploadGen: 2, buildError: null, updatedAt })
      .where(eq(audiences.id, id));

  test('a build that fails keeps the members in use and says why, in the reader language', async () => {
    const id = await smallAudience(400_000);
    await startUpload(id);
    // The second statement of the writing fails (a full disk, say); the others pass.
    let statements = 0;
    const failing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return (query: Parameters<Db['execute']>[0]) => {
          statements++;
          return statements === 2 ? Promise.reject(new Error('disk full')) : target.execute(query);
        };
      },
    });
    const errors: unknown[] = [];
    const builder = new AudienceBuilder(failing, { error: (obj: unknown) => errors.push(obj) });
    builder.upload(
      id,
      2,
      devices(500_000, 505_000).map((d) => d.toUpperCase()),
      w.adv1,
    );
    await builder.idle();
    expect(errors).toHaveLength(1);
    expect(await find(id)).toMatchObject({
      status: 2,
      size: 120,
      build_error: 'The last upload could not be saved. Upload the list again.',
    });
    const zh = await send('GET', '/scaler/v3/audiences?page_size=500', undefined, { language: 'zh-CN' });
    expect(zh.body.data.list.find((a: Audience) => a.audience_id === id).build_error).toBe(
      '上次上传的设备 ID 未能保存，请重新上传列表。',
    );
    expect(await rowsByGen(id)).toEqual({ 1: 120 });
    expect(await reach(id)).toBe(120);
  }, 120_000);

  test('an upload whose process died (a restart) is not "processing" forever', async () => {
    const id = await smallAudience(600_000);
    // A build that wrote a chunk of generation 2, then the process stopped: 11 minutes without news.
    await startUpload(id, new Date(Date.now() - 11 * 60_000));
    await t.db
      .insert(audienceMembers)
      .values(devices(700_000, 700_050).map((d) => ({ audienceId: id, gen: 2, memberHash: hashOf(d) })));
    expect(await find(id)).toMatchObject({
      status: 2,
      size: 120,
      build_error: 'The last upload was interrupted (the server restarted). Upload the list again.',
    });
    for (let i = 0; i < 100 && (await rowsByGen(id))[2] !== undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await rowsByGen(id)).toEqual({ 1: 120 });
    // One still being written (recent news) is left alone.
    await startUpload(id);
    expect(await find(id)).toMatchObject({ status: 1, build_error: null });
    // A new upload clears the reason and replaces the members.
    const res = await send('PUT', '/scaler/v3/audience', {
      audience_id: id,
      name: 'Small',
      source_type: 2,
      device_ids: devices(800_000, 800_200).join('\n'),
    });
    expect(res.body.data).toMatchObject({ status: 1, build_error: null });
    for (let i = 0; i < 600 && (await find(id))?.status === 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await find(id)).toMatchObject({ status: 2, size: 200, build_error: null });
    // The rows of the older generations go right after the swap.
    const others = async () => {
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::integer` })
        .from(audienceMembers)
        .where(and(eq(audienceMembers.audienceId, id), ne(audienceMembers.gen, 3)));
      return Number(row.n);
    };
    for (let i = 0; i < 100 && (await others()) > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await others()).toBe(0);
  }, 120_000);
});
