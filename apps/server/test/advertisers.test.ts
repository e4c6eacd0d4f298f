import { sniffFileType } from '@scaler/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog, advertisers } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './harness';
import { as, buildWorld, PDF, PNG, upload, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const account = {
  adv_name: 'New Account',
  company_name: 'Client Ltd',
  profession: 'gaming',
  currency: 'USD',
  timezone: '+08:00',
  website: 'https://client.example',
};

describe('advertiser accounts', () => {
  test('an agency admin creates an account in review with license files, edits it and lists it', async () => {
    const admin = as(t, w, 'admin', w.agency);
    const file = await upload(t.app, w.tokens.admin, 'license', PDF, 'license.pdf');
    expect(file.body).toMatchObject({
      code: 0,
      data: { file: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/), url: null },
    });
    const created = await admin.send('POST', '/scaler/v3/advs', {
      ...account,
      license_files: [file.body.data.file],
    });
    expect(created.body).toMatchObject({ code: 0, data: { status: 0 } });
    const advId = created.body.data.adv_id;
    const detail = await admin.get(`/scaler/v3/advs/${advId}`);
    expect(detail.body.data).toMatchObject({
      adv_name: 'New Account',
      status: 0,
      owner_org_id: w.agency,
      license_files: [{ file: file.body.data.file, name: 'license.pdf' }],
      company_name: 'Client Ltd',
    });
    const edited = await admin.send('PUT', `/scaler/v3/advs/${advId}`, { ...account, adv_name: 'Renamed' });
    expect(edited.body.data.status).toBe(0);
    const log = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.objectId, String(advId)));
    expect(log.map((l) => l.action)).toEqual(['account.create', 'account.update']);
    expect(log[1].before).toMatchObject({ adv_name: 'New Account' });
    expect(log[1].after).toMatchObject({ adv_name: 'Renamed' });

    const filtered = await admin.get('/scaler/v3/advs?status=0&q=renamed');
    expect(filtered.body.data.list.map((a: { adv_id: number }) => a.adv_id)).toEqual([advId]);
    const all = await admin.get('/scaler/v3/advs?page_size=2');
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list).toHaveLength(2);
  });

  test('someone else’s license file cannot be attached', async () => {
    const file = await upload(t.app, w.tokens.oadmin, 'license', PDF);
    const before = (await t.db.select().from(advertisers)).length;
    const res = await as(t, w, 'admin', w.agency).send('POST', '/scaler/v3/advs', {
      ...account,
      license_files: [file.body.data.file],
    });
    expect(res.body.code).toBe(10303);
    expect((await t.db.select().from(advertisers)).length).toBe(before);
  });

  test('advertiser-type centers and standard users cannot create accounts; bad fields are named', async () => {
    expect((await as(t, w, 'badmin', w.brand).send('POST', '/scaler/v3/advs', account)).status).toBe(403);
    expect((await as(t, w, 'user1', w.agency).send('POST', '/scaler/v3/advs', account)).status).toBe(403);
    const bad = await as(t, w, 'admin', w.agency).send('POST', '/scaler/v3/advs', {
      ...account,
      adv_name: '',
      currency: 'XXX',
    });
    expect(bad.body.data.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'body.adv_name',
      'body.currency',
    ]);
  });

  test('a standard user sees only assigned accounts, and others’ ids are 404', async () => {
    const u = as(t, w, 'user1', w.agency);
    expect((await u.get('/scaler/v3/advs')).body.data.list.map((a: { adv_id: number }) => a.adv_id)).toEqual([
      w.adv1,
    ]);
    expect((await u.get(`/scaler/v3/advs/${w.adv1}`)).body.data).toMatchObject({
      adv_role: 'role_operator',
      members: [],
      markup: null,
    });
    expect((await u.get(`/scaler/v3/advs/${w.adv2}`)).status).toBe(404);
    expect((await as(t, w, 'admin', w.agency).get(`/scaler/v3/advs/${w.advOther}`)).status).toBe(404);
    expect(
      (await as(t, w, 'admin', w.agency).send('PUT', `/scaler/v3/advs/${w.advOther}`, account)).status,
    ).toBe(404);
  });

  test('closing is final: no edit, no second close, no approval by an operator', async () => {
    const admin = as(t, w, 'admin', w.agency);
    const created = await admin.send('POST', '/scaler/v3/advs', { ...account, adv_name: 'To close' });
    const advId = created.body.data.adv_id;
    expect((await admin.send('POST', `/scaler/v3/advs/${advId}/close`)).body.code).toBe(0);
    expect((await admin.get(`/scaler/v3/advs/${advId}`)).body.data).toMatchObject({
      status: 4,
      closed: true,
    });
    expect((await admin.send('PUT', `/scaler/v3/advs/${advId}`, account)).body).toMatchObject({
      code: 10103,
      msg: 'A closed account cannot be activated again.',
    });
    expect((await admin.send('POST', `/scaler/v3/advs/${advId}/close`)).body.code).toBe(10103);
    const approve = await call(t.app, {
      method: 'POST',
      url: `/scaler/sa/advs/${advId}/status`,
      token: w.tokens.operator,
      body: { status: 1 },
    });
    expect(approve.body.code).toBe(10103);
  });

  test('markup: set, read, validate, remove; only admins of agency centers', async () => {
    const admin = as(t, w, 'admin', w.agency);
    expect(
      (await admin.send('PUT', `/scaler/v3/advs/${w.adv1}/markup`, { ratio: 0.25, start_date: '2026-01-01' }))
        .body.code,
    ).toBe(0);
    expect((await admin.get(`/scaler/v3/advs/${w.adv1}`)).body.data.markup).toEqual({
      ratio: 0.25,
      start_date: '2026-01-01',
      end_date: null,
      role: 'advertiser',
    });
    const info = await admin.get('/scaler/account/user_info');
    expect(info.body.data.mark).toBe(1);
    const bad = await admin.send('PUT', `/scaler/v3/advs/${w.adv1}/markup`, {
      ratio: 0.1,
      start_date: '2026-03-01',
      end_date: '2026-02-01',
    });
    expect(bad.body.data.fields).toEqual([
      { path: 'body.end_date', message: 'The end date must not be before the start date.' },
    ]);
    const markups = await admin.get('/scaler/v3/advs/markups');
    // Two accounts of the world and two made by the tests above.
    expect(markups.body.data.total).toBe(4);
    expect(markups.body.data.list.find((m: { adv_id: number }) => m.adv_id === w.adv1).markup.ratio).toBe(
      0.25,
    );
    const page2 = await admin.get('/scaler/v3/advs/markups?page=2&page_size=1');
    expect(page2.body.data).toEqual({
      list: [{ adv_id: w.adv2, adv_name: 'Adv Two', status: 0, markup: null }],
      total: 4,
    });
    const searched = await admin.get('/scaler/v3/advs/markups?q=one');
    expect(searched.body.data.list.map((m: { adv_id: number }) => m.adv_id)).toEqual([w.adv1]);
    expect((await admin.send('DELETE', `/scaler/v3/advs/${w.adv1}/markup`)).body.code).toBe(0);
    expect((await admin.get('/scaler/account/user_info')).body.data.mark).toBe(0);
    expect(
      (
        await as(t, w, 'user1', w.agency).send('PUT', `/scaler/v3/advs/${w.adv1}/markup`, {
          ratio: 0.1,
          start_date: '2026-01-01',
        })
      ).status,
    ).toBe(403);
    expect((await as(t, w, 'badmin', w.brand).get('/scaler/v3/advs/markups')).status).toBe(403);
  });

  test('account members: set who holds an account from the account page', async () => {
    const admin = as(t, w, 'admin', w.agency);
    const res = await admin.send('PUT', `/scaler/v3/advs/${w.adv2}/members`, {
      members: [{ user_id: w.ids.user2, adv_role: 'role_analyst' }],
    });
    expect(res.body.code).toBe(0);
    expect((await admin.get(`/scaler/v3/advs/${w.adv2}`)).body.data.members).toEqual([
      { _id: w.ids.user2, name: 'user2', email: 'user2@world.test', adv_role: 'role_analyst' },
    ]);
    const outsider = await admin.send('PUT', `/scaler/v3/advs/${w.adv2}/members`, {
      members: [{ user_id: w.ids.oadmin, adv_role: 'role_analyst' }],
    });
    expect(outsider.status).toBe(404);
  });
});

describe('uploads', () => {
  test('types come from the bytes; sizes are limited; avatars are public, licenses are not', async () => {
    const fake = await upload(
      t.app,
      w.tokens.admin,
      'avatar',
      Buffer.from('<svg onload=alert(1)>'),
      'pic.png',
    );
    expect(fake.body).toMatchObject({ code: 10301, msg: 'File format incorrect.' });
    const pdfAvatar = await upload(t.app, w.tokens.admin, 'avatar', PDF, 'a.pdf');
    expect(pdfAvatar.body.code).toBe(10301);
    const big = await upload(
      t.app,
      w.tokens.admin,
      'avatar',
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
    );
    expect(big.body).toMatchObject({ code: 10302, msg: 'The file is too large (at most 2 MB).' });
    expect((await upload(t.app, undefined, 'avatar', PNG)).status).toBe(401);

    const avatar = await upload(t.app, w.tokens.admin, 'avatar', PNG, 'me.png');
    expect(avatar.body.data.url).toMatch(/^avatars\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ url: `/static/${avatar.body.data.url}` });
    expect(served.statusCode).toBe(200);
    expect(sniffFileType(served.rawPayload)).toBe('png');

    const license = await upload(t.app, w.tokens.admin, 'license', PNG, 'scan.png');
    for (const url of [
      `/static/licenses/${license.body.data.file}`,
      `/static/private/licenses/${license.body.data.file}`,
    ]) {
      expect((await t.app.inject({ url })).statusCode).not.toBe(200);
    }
  });

  test('profile: name, language and an uploaded avatar; an unknown avatar is refused', async () => {
    const avatar = await upload(t.app, w.tokens.user2, 'avatar', PNG);
    const ok = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/profile',
      token: w.tokens.user2,
      body: { name: 'User Two', language: 'zh-CN', avatar: avatar.body.data.url },
    });
    expect(ok.body.code).toBe(0);
    const info = await call(t.app, { url: '/scaler/account/user_info', token: w.tokens.user2 });
    expect(info.body.data).toMatchObject({
      name: 'User Two',
      language: 'zh-CN',
      avatar_middle: avatar.body.data.url,
    });
    const unknown = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/profile',
      token: w.tokens.user2,
      body: { name: 'x', language: 'en-US', avatar: `avatars/${'a'.repeat(32)}.png` },
    });
    expect(unknown.body.code).toBe(10303);
  });
});
