import { sniffFileType } from '@scaler/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from './harness';
import { as, buildWorld, PDF, PNG, upload, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_QUOTA_FILES: '6', UPLOAD_QUOTA_MB: '1' });
  w = await buildWorld(t);
});
afterAll(() => t.close());

const SCRIPT = Buffer.from('<script>alert(document.cookie)</script><html><body onload=alert(1)>');
const served = (url: string) => t.app.inject({ url: `/static/${url}` });

describe('uploads keep only the picture', () => {
  test('a PNG with a script appended comes back as a clean PNG of the same picture', async () => {
    const picture = await sharp({
      create: { width: 3, height: 2, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const res = await upload(t.app, w.tokens.admin, 'avatar', Buffer.concat([picture, SCRIPT]), 'me.png');
    expect(res.body.code).toBe(0);
    const file = await served(res.body.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.includes('<script>')).toBe(false);
    expect(file.rawPayload.includes('onload')).toBe(false);
    expect(sniffFileType(file.rawPayload)).toBe('png');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 3, height: 2, format: 'png' });
    expect(res.body.data.size).toBe(file.rawPayload.length);
  });

  test('a GIF polyglot (GIF89a header, script after the trailer) loses the script', async () => {
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#00f' } })
      .gif()
      .toBuffer();
    const res = await upload(t.app, w.tokens.admin, 'avatar', Buffer.concat([gif, SCRIPT]), 'anim.gif');
    const file = await served(res.body.data.url);
    expect(file.rawPayload.includes('<script>')).toBe(false);
    expect(sniffFileType(file.rawPayload)).toBe('gif');
  });

  test('a file that only starts like an image is refused', async () => {
    const fake = Buffer.concat([PNG.subarray(0, 16), SCRIPT]);
    expect((await upload(t.app, w.tokens.admin, 'avatar', fake, 'x.png')).body.code).toBe(10301);
  });

  test('avatars are served with their image type and nosniff', async () => {
    const res = await upload(t.app, w.tokens.admin, 'avatar', PNG, 'a.png');
    const file = await served(res.body.data.url);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('license files: original names, downloads', () => {
  test('the original name is kept for lists and downloads, made safe; the stored name stays random', async () => {
    const res = await upload(t.app, w.tokens.admin, 'license', PDF, '营业执照 2026.pdf');
    expect(res.body.data).toMatchObject({
      file: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/),
      name: '营业执照 2026.pdf',
      url: null,
    });
    const tricky = await upload(t.app, w.tokens.admin, 'license', PDF, 'scan\u202Eexe.pdf');
    expect(tricky.body.data.name).toBe('scanexe.pdf');

    const admin = as(t, w, 'admin', w.agency);
    const files = [res.body.data.file, tricky.body.data.file];
    const saved = await admin.send('PUT', `/scaler/v3/advs/${w.adv2}`, {
      adv_name: 'Adv Two',
      company_name: 'Co',
      profession: 'ecommerce',
      currency: 'USD',
      timezone: '+00:00',
      license_files: files,
    });
    expect(saved.body.code).toBe(0);
    const detail = await admin.get(`/scaler/v3/advs/${w.adv2}`);
    expect(detail.body.data.license_files).toEqual([
      { file: files[0], name: '营业执照 2026.pdf' },
      { file: files[1], name: 'scanexe.pdf' },
    ]);
    const operatorView = await as(t, w, 'operator').get('/scaler/sa/advs?status=0');
    const row = operatorView.body.data.find((a: { adv_id: number }) => a.adv_id === w.adv2);
    expect(row.license_files.map((f: { name: string }) => f.name)).toEqual([
      '营业执照 2026.pdf',
      'scanexe.pdf',
    ]);

    const download = await admin.get(`/scaler/account/license_files/${files[0]}?adv_id=${w.adv2}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="???? 2026.pdf"; filename*=UTF-8''${encodeURIComponent('营业执照')}%202026.pdf`,
    );
  });
});

describe('upload requests that are not a multipart form', () => {
  test('JSON, a missing boundary or a cut-off form answer 400 naming the file field', async () => {
    const send = (payload: string, type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/scaler/v3/files?kind=avatar',
        headers: { token: w.tokens.user2, 'content-type': type },
        payload,
      });
    for (const [payload, type] of [
      ['{"file":"x"}', 'application/json'],
      ['--b--', 'multipart/form-data'],
      [
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        'multipart/form-data; boundary=b',
      ],
    ]) {
      const res = await send(payload, type);
      expect(res.statusCode, `${type}: ${payload}`).toBe(400);
      expect(res.json().data.fields).toEqual([
        { path: 'file', message: 'Send the file as multipart/form-data with one part named "file".' },
      ]);
    }
  });
});

describe('upload quota per user and day', () => {
  test('past the number of files a day, uploads are refused with a clear message; others may still upload', async () => {
    // user1 has six files a day (UPLOAD_QUOTA_FILES=6).
    for (let i = 0; i < 6; i++) {
      expect((await upload(t.app, w.tokens.user1, 'avatar', PNG)).body.code).toBe(0);
    }
    const refused = await upload(t.app, w.tokens.user1, 'avatar', PNG);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 10305,
      msg: 'You have reached the upload limit of 6 files or 1 MB per day. Please try again tomorrow.',
    });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/scaler/v3/files?kind=avatar',
      headers: {
        token: w.tokens.user1,
        language: 'zh-CN',
        'content-type': 'multipart/form-data; boundary=q',
      },
      payload: Buffer.concat([
        Buffer.from('--q\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'),
        PNG,
        Buffer.from('\r\n--q--\r\n'),
      ]),
    });
    expect(zh.json().msg).toBe('已达到每日上传上限（6 个文件或 1 MB），请明天再试。');
    expect((await upload(t.app, w.tokens.padmin, 'avatar', PNG)).body.code).toBe(0);
  });

  test('past the bytes of a day, uploads are refused too', async () => {
    // 1 MB a day: two licenses of 400 KB pass, the third does not.
    const pdf = Buffer.concat([PDF, Buffer.alloc(400 * 1024, 0x20)]);
    expect((await upload(t.app, w.tokens.oadmin, 'license', pdf)).body.code).toBe(0);
    expect((await upload(t.app, w.tokens.oadmin, 'license', pdf)).body.code).toBe(0);
    expect((await upload(t.app, w.tokens.oadmin, 'license', pdf)).body.code).toBe(10305);
    const info = await call(t.app, { url: '/scaler/account/user_info', token: w.tokens.oadmin });
    expect(info.status).toBe(200);
  });
});
