import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { as, buildWorld, PNG, upload, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const info = {
  org_name: 'Agency Renamed',
  company_name: 'Agency Ltd',
  profession: 'media',
  currency: 'CNY',
  timezone: '+08:00',
  contact_name: 'Li Lei',
  phone: '+86 138 0000 0000',
};

test('business info: admins edit it with an avatar, standard users only read it', async () => {
  const avatar = (await upload(t.app, w.tokens.admin, 'avatar', PNG)).body.data.url;
  const res = await as(t, w, 'admin', w.agency).send('PUT', '/scaler/v3/bc/info', { ...info, avatar });
  expect(res.body.data).toMatchObject({
    org_name: 'Agency Renamed',
    avatar,
    currency: 'CNY',
    org_role: 'org_admin',
  });
  const read = await as(t, w, 'user1', w.agency).get('/scaler/v3/bc/info');
  expect(read.body.data).toMatchObject({ org_name: 'Agency Renamed', org_role: 'org_user' });
  expect((await as(t, w, 'user1', w.agency).send('PUT', '/scaler/v3/bc/info', info)).status).toBe(403);
  const bad = await as(t, w, 'admin', w.agency).send('PUT', '/scaler/v3/bc/info', {
    ...info,
    phone: 'call me',
  });
  expect(bad.body.data.fields).toEqual([
    { path: 'body.phone', message: 'Please enter a valid phone number.' },
  ]);
  expect((await as(t, w, 'oadmin', w.agency).get('/scaler/v3/bc/info')).status).toBe(404);
});

test('commission settings: agency admins only, rate kept exact', async () => {
  const body = {
    show_commission: true,
    use_commission: true,
    commission_rate: 0.0725,
    effective_time: '2026-12-01T00:00:00+08:00',
  };
  const res = await as(t, w, 'admin', w.agency).send('PUT', '/scaler/v3/bc/commission', body);
  expect(res.body.data).toMatchObject({
    show_commission: true,
    commission_rate: 0.0725,
    effective_time: '2026-11-30T16:00:00.000Z',
  });
  expect((await as(t, w, 'user1', w.agency).send('PUT', '/scaler/v3/bc/commission', body)).status).toBe(403);
  expect((await as(t, w, 'badmin', w.brand).send('PUT', '/scaler/v3/bc/commission', body)).status).toBe(403);
  expect(
    (
      await as(t, w, 'admin', w.agency).send('PUT', '/scaler/v3/bc/commission', {
        ...body,
        commission_rate: 1.2,
      })
    ).status,
  ).toBe(400);
});

test('overview and activity: admins see everything, standard users their own slice', async () => {
  await as(t, w, 'admin', w.agency).send('POST', '/scaler/v3/bc/invitations', {
    emails: ['someone@example.com'],
    org_role: 'org_user',
  });
  const admin = await as(t, w, 'admin', w.agency).get('/scaler/v3/bc/overview');
  expect(admin.body.data).toMatchObject({
    members: 4,
    accounts_total: 2,
    accounts_by_status: { 0: 1, 1: 1, 2: 0, 3: 0, 4: 0 },
    pending_invitations: 1,
    pending_reviews: 1,
  });
  expect(admin.body.data.recent_activity.map((a: { action: string }) => a.action)).toContain('member.invite');
  const user = await as(t, w, 'user1', w.agency).get('/scaler/v3/bc/overview');
  expect(user.body.data).toMatchObject({ accounts_total: 1, pending_invitations: 0, recent_activity: [] });

  const activity = await as(t, w, 'admin', w.agency).get('/scaler/v3/bc/activity?object_type=center');
  expect(activity.body.data.list.every((a: { object_type: string }) => a.object_type === 'center')).toBe(
    true,
  );
  expect(activity.body.data.total).toBe(activity.body.data.list.length);
  expect((await as(t, w, 'user1', w.agency).get('/scaler/v3/bc/activity')).status).toBe(403);
});
