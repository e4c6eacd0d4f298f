import { afterAll, beforeAll, expect, test } from 'vitest';
import { notices } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './harness';
import { as, buildWorld, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const read = async (language: string) =>
  (await call(t.app, { url: '/scaler/v3/info/msg', token: w.tokens.admin, headers: { language } })).body.data;

test('notices: read in the language of the request, whatever the language when they were sent', async () => {
  const stopped = await as(t, w, 'operator').send('POST', `/scaler/sa/advs/${w.adv1}/status`, {
    status: 3,
    reason: 'Billing details missing',
  });
  expect(stopped.body.code).toBe(0);
  const english = await read('en-US');
  expect(english.list[0]).toMatchObject({
    type: 'account',
    code: 3,
    adv: w.adv1,
    org_id: w.agency,
    reason: 'Billing details missing',
    msg: `Advertiser account "Adv One" (${w.adv1}) was stopped.`,
  });
  const chinese = await read('zh-CN');
  expect(chinese.list[0]).toMatchObject({
    id: english.list[0].id,
    msg: `广告账户“Adv One”（${w.adv1}）已被暂停。`,
    // The operator's own words are shown as written.
    reason: 'Billing details missing',
  });
});

test('notices: a notice written before message keys were kept shows its stored text', async () => {
  await t.db.insert(notices).values({
    userId: w.ids.admin,
    type: 'partner',
    code: 1,
    msg: 'Legacy text, as it was stored.',
  });
  for (const language of ['en-US', 'zh-CN']) {
    const list = (await read(language)).list;
    expect(list.map((n: { msg: string }) => n.msg)).toContain('Legacy text, as it was stored.');
  }
});
