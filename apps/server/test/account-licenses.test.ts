import { ZUpdateAdvertiserRequest } from '@scaler/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { uploadedFiles } from '../src/db/schema';
import { createTestApp, type TestApp } from './harness';
import { as, buildWorld, PDF, upload, type World } from './world';

/**
 * An account's license files are the files uploaded as licenses (issue 18): its creative materials and app
 * icons are not listed with them, so the account can be saved back as it was read, and the operator's
 * queue shows only licenses as evidence.
 */

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const company = { company_name: 'Co', profession: 'ecommerce', currency: 'USD', timezone: '+00:00' };

async function uploadMaterial(role: 'image' | 'icon', bytes: Buffer) {
  const boundary = '----scalertest';
  const res = await t.app.inject({
    method: 'POST',
    url: `/scaler/v3/creative/material?role=${role}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      token: w.tokens.admin,
      'org-id': String(w.agency),
      'adv-id': String(w.adv1),
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ad.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.json().code).toBe(0);
  return res.json().data.file as string;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();

test('creative images and app icons of an account are not its license files; it saves back unchanged', async () => {
  const admin = as(t, w, 'admin', w.agency);
  const license = (await upload(t.app, w.tokens.admin, 'license', PDF, 'license.pdf')).body.data.file;
  const saved = await admin.send('PUT', `/scaler/v3/advs/${w.adv1}`, {
    adv_name: 'Adv One',
    ...company,
    license_files: [license],
  });
  expect(saved.body.code).toBe(0);

  // A creative image uploaded to the account, and an app icon kept with the account (as the demo did).
  const creative = await uploadMaterial('image', await png(320, 50));
  expect(creative).toMatch(/^creatives\//);
  const icon = (await upload(t.app, w.tokens.admin, 'avatar', await png(512, 512), 'icon.png')).body.data
    .file;
  await t.db.insert(uploadedFiles).values({
    name: `legacy-${icon}`,
    kind: 'avatar',
    mime: 'image/png',
    size: 100,
    originalName: 'app-icon.png',
    uploadedBy: w.ids.admin,
    advId: w.adv1,
  });

  const read = (await admin.get(`/scaler/v3/advs/${w.adv1}`)).body.data;
  expect(read.license_files).toEqual([{ file: license, name: 'license.pdf' }]);

  // Every field of the form as it was read, the license files as their stored names.
  const unchanged = Object.fromEntries(Object.keys(ZUpdateAdvertiserRequest.shape).map((k) => [k, read[k]]));
  const back = await admin.send('PUT', `/scaler/v3/advs/${w.adv1}`, {
    ...unchanged,
    license_files: read.license_files.map((f: { file: string }) => f.file),
  });
  expect(back.status).toBe(200);
  expect(back.body.code).toBe(0);

  const queue = await as(t, w, 'operator').get('/scaler/sa/advs?status=1');
  const entry = queue.body.data.find((a: { adv_id: number }) => a.adv_id === w.adv1);
  expect(entry.license_files).toEqual([{ file: license, name: 'license.pdf' }]);
});
