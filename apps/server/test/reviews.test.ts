import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from './harness';
import { as, buildWorld, orgStatus, PDF, upload, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const company = { company_name: 'Newco', profession: 'apps', currency: 'EUR', timezone: '+01:00' };
const op = () => as(t, w, 'operator');
/** The notices a user reads (in English), oldest first. */
const noticesOf = async (who: string) =>
  (await as(t, w, who).get('/scaler/v3/info/msg')).body.data.list
    .map((n: { msg: string }) => n.msg)
    .reverse();

describe('center verification', () => {
  test('submit with a license, the operator sees the evidence, rejects with a reason, then approves', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/bc',
      token: w.tokens.user2,
      body: { org_name: 'Newco Center', org_type: 1, ...company, license_no: 'LIC-1' },
    });
    const orgId = created.body.data.org_id;
    const owner = as(t, w, 'user2', orgId);
    expect(
      (await owner.send('POST', '/scaler/v3/bc/verification', { license_files: [] })).body.data.fields,
    ).toEqual([{ path: 'body.license_files', message: 'Please upload at least one license file.' }]);
    const file = (await upload(t.app, w.tokens.user2, 'license', PDF, 'licence.pdf')).body.data.file;
    const submitted = await owner.send('POST', '/scaler/v3/bc/verification', {
      license_files: [file],
      note: 'Please review',
    });
    expect(submitted.body.data).toMatchObject({
      status: 'pending',
      license_files: [{ file, name: 'licence.pdf' }],
    });
    expect(await orgStatus(t, orgId)).toBe(0);
    expect(
      (await owner.send('POST', '/scaler/v3/bc/verification', { license_files: [file] })).body.code,
    ).toBe(10206);

    const queue = await op().get('/scaler/sa/centers');
    const item = queue.body.data.find((v: { org_id: number }) => v.org_id === orgId);
    expect(item).toMatchObject({
      org_name: 'Newco Center',
      company_name: 'Newco',
      license_no: 'LIC-1',
      license_files: [{ file, name: 'licence.pdf' }],
      note: 'Please review',
    });
    const download = await op().get(`/scaler/account/license_files/${file}?org_id=${orgId}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.raw.rawPayload.equals(PDF)).toBe(true);

    expect(
      (await op().send('POST', `/scaler/sa/centers/${orgId}/review`, { decision: 'reject' })).status,
    ).toBe(400);
    expect(
      (
        await op().send('POST', `/scaler/sa/centers/${orgId}/review`, {
          decision: 'reject',
          reason: 'Blurry license',
        })
      ).body.code,
    ).toBe(0);
    expect(await orgStatus(t, orgId)).toBe(3);
    const [rejected] = (await as(t, w, 'user2').get('/scaler/v3/info/msg')).body.data.list;
    expect(rejected).toMatchObject({ type: 'verification', code: 3, reason: 'Blurry license' });

    expect(
      (await owner.send('POST', '/scaler/v3/bc/verification', { license_files: [file] })).body.code,
    ).toBe(0);
    expect(
      (await op().send('POST', `/scaler/sa/centers/${orgId}/review`, { decision: 'approve' })).body.code,
    ).toBe(0);
    expect(await orgStatus(t, orgId)).toBe(1);
    expect(await noticesOf('user2')).toContain(
      `Business center "Newco Center" (${orgId}) passed verification and is active now.`,
    );
    expect(
      (await op().send('POST', `/scaler/sa/centers/${orgId}/review`, { decision: 'approve' })).status,
    ).toBe(404);
    const history = await owner.get('/scaler/v3/bc/verification');
    expect(history.body.data.history.map((v: { status: string }) => v.status)).toEqual([
      'approved',
      'rejected',
    ]);
  });

  test('license files go only to those allowed', async () => {
    const file = (await upload(t.app, w.tokens.admin, 'license', PDF)).body.data.file;
    const res = await as(t, w, 'admin', w.agency).send('PUT', '/scaler/v3/bc/info', {
      org_name: 'Agency',
      ...company,
    });
    expect(res.body.code).toBe(0);
    const adv = await as(t, w, 'admin', w.agency).send('PUT', `/scaler/v3/advs/${w.adv2}`, {
      adv_name: 'Adv Two',
      ...company,
      license_files: [file],
    });
    expect(adv.body.code).toBe(0);
    const url = `/scaler/account/license_files/${file}?adv_id=${w.adv2}`;
    expect((await as(t, w, 'admin', w.agency).get(url)).status).toBe(200);
    expect((await as(t, w, 'operator').get(url)).status).toBe(200);
    expect((await as(t, w, 'user1', w.agency).get(url)).status).toBe(404);
    expect((await as(t, w, 'oadmin', w.other).get(url)).status).toBe(404);
    expect((await call(t.app, { url })).status).toBe(401);
    expect(
      (await as(t, w, 'admin', w.agency).get(`/scaler/account/license_files/${file}?adv_id=${w.adv1}`))
        .status,
    ).toBe(404);
  });
});

describe('account review', () => {
  test('approve, stop, reject with reasons; notices reach admins and assigned users; disabled is final', async () => {
    const queue = await op().get('/scaler/sa/advs?status=0');
    expect(queue.body.data.map((a: { adv_id: number }) => a.adv_id)).toContain(w.adv2);
    await as(t, w, 'admin', w.agency).send('PUT', `/scaler/v3/advs/${w.adv2}/members`, {
      members: [{ user_id: w.ids.user2, adv_role: 'role_analyst' }],
    });
    expect((await op().send('POST', `/scaler/sa/advs/${w.adv2}/status`, { status: 1 })).body.code).toBe(0);
    expect(await noticesOf('user2')).toContain(
      `Advertiser account "Adv Two" (${w.adv2}) was approved and can be used now.`,
    );
    expect(await noticesOf('admin')).toContain(
      `Advertiser account "Adv Two" (${w.adv2}) was approved and can be used now.`,
    );
    const routes = await as(t, w, 'user2', w.agency).get('/scaler/account/routes');
    expect(routes.body.data.advs).toEqual([expect.objectContaining({ adv_id: w.adv2, status: 1 })]);

    expect((await op().send('POST', `/scaler/sa/advs/${w.adv2}/status`, { status: 1 })).body.code).toBe(
      10104,
    );
    expect((await op().send('POST', `/scaler/sa/advs/${w.adv2}/status`, { status: 3 })).status).toBe(400);
    expect(
      (await op().send('POST', `/scaler/sa/advs/${w.adv2}/status`, { status: 3, reason: 'Policy breach' }))
        .body.code,
    ).toBe(0);
    expect((await as(t, w, 'admin', w.agency).get(`/scaler/v3/advs/${w.adv2}`)).body.data).toMatchObject({
      status: 3,
      review_reason: 'Policy breach',
    });
    expect(
      (await op().send('POST', `/scaler/sa/advs/${w.adv2}/status`, { status: 4, reason: 'Repeated' })).body
        .code,
    ).toBe(0);
    expect((await op().send('POST', `/scaler/sa/advs/${w.adv2}/status`, { status: 1 })).body.code).toBe(
      10104,
    );

    const log = await op().get('/scaler/sa/log');
    expect(log.body.data.slice(0, 3).map((l: { action: string }) => l.action)).toEqual([
      'review.account_4',
      'review.account_3',
      'review.account_1',
    ]);
  });

  test('a rejected account goes back to review when its center edits it', async () => {
    await op().send('POST', `/scaler/sa/advs/${w.adv1}/status`, { status: 2, reason: 'Missing website' });
    const edited = await as(t, w, 'admin', w.agency).send('PUT', `/scaler/v3/advs/${w.adv1}`, {
      adv_name: 'Adv One',
      ...company,
      website: 'https://one.example',
    });
    expect(edited.body.data.status).toBe(0);
  });

  test('review calls are for operators only', async () => {
    for (const who of ['admin', 'user1', 'oadmin']) {
      const u = as(t, w, who);
      expect((await u.get('/scaler/sa/centers')).status).toBe(403);
      expect((await u.get('/scaler/sa/advs')).status).toBe(403);
      expect((await u.send('POST', `/scaler/sa/advs/${w.adv1}/status`, { status: 1 })).status).toBe(403);
    }
    expect((await call(t.app, { url: '/scaler/sa/advs' })).status).toBe(401);
    // The operator flag grants no membership.
    expect((await as(t, w, 'operator', w.agency).get('/scaler/v3/bc/members')).status).toBe(404);
  });
});
