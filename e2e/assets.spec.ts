import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiAs, createActiveAccount, TINY_PNG, uniqueName } from './support/api';
import { assetCall, collectPixelEvent, createPixel } from './support/assets';
import { baseUrl, launchBrowser, loginViaApi, withPage } from './support/browser';
import { chooseOption, content } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Northwind Agency's accounts: admin@demo.test is their admin; user@demo.test an operator on Shoes, an analyst on Games. */
const SHOES = { org: 100001, adv: 1000001 };
const GAMES = { org: 100001, adv: 1000002 };
const query = (ctx: { org: number; adv: number }) => `?org=${ctx.org}&adv=${ctx.adv}`;

const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** The text shown beside a copy button (CopyText renders the value, then its labelled button). */
async function copyableText(page: Page, label: string): Promise<string> {
  const button = page.getByRole('button', { name: `Copy ${label}`, exact: true });
  const paragraph = content(page).locator('div.ant-typography').filter({ has: button });
  return ((await paragraph.textContent()) ?? '').trim();
}

/** The rows of the live test-events panel. */
const liveRows = (page: Page) =>
  content(page)
    .locator('.ant-card')
    .filter({ hasText: 'Live test events' })
    .locator('tbody tr.ant-table-row');

test('assets: create an app with a partner, copy its partner URLs and watch a postback arrive', async () => {
  const name = uniqueName('E2E App');
  const pkg = `com.e2e.app${suffix()}`;
  const admin = await apiAs('admin@demo.test');

  await withPage(browser, 'assets-create-app', async ({ context, page }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/assets/events${query(SHOES)}`);
    await page.getByRole('heading', { name: 'Assets', level: 3 }).waitFor();
    await content(page).getByRole('button', { name: 'Create app' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create app' });
    await dialog.getByLabel('App name').fill(name);
    await dialog.getByLabel('Download link').fill(`https://play.google.com/store/apps/details?id=${pkg}`);
    // The pasted store link chose the platform and filled the package name.
    expect(await dialog.getByRole('radio', { name: 'Android' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Package name').inputValue()).toBe(pkg);
    await chooseOption(page, dialog.getByLabel('Attribution partner'), 'Kochava');
    await dialog.getByLabel('App ID at the partner').fill('kochava-e2e');
    await dialog.getByRole('button', { name: /Create$/ }).click();

    await page.waitForURL(/\/assets\/events\/app\/[0-9a-f]{24}\?org=100001&adv=1000001$/);
    const appId = /\/app\/([0-9a-f]{24})/.exec(page.url())?.[1] ?? '';
    await page.getByRole('heading', { name, level: 3 }).waitFor();
    await content(page).getByText('Kochava links').waitFor();

    const detail = await assetCall<{ postback_token: string }>(
      admin,
      'GET',
      `/scaler/v3/app?_id=${appId}`,
      SHOES,
    );
    const token = detail.data.postback_token;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const clickUrl =
      'https://control.kochava.com/v1/cpi/click?campaign_id=kochava-e2e&network_id=scaler&click_id={click_id}' +
      '&device_id={idfa}{gaid}&device_id_type={os}&site_id={bundle}&creative_id={creative_id}&ip_address={ip}&device_ua={ua}';
    const postbackUrl =
      `${baseUrl()}/t/postback/kochava/${token}?click_id={click_id}&event={event_name}&revenue={event_value}` +
      '&currency={currency}&event_uid={event_id}&ts={event_time}&idfa={idfa}&gaid={adid}';
    expect(await copyableText(page, 'Click URL')).toBe(clickUrl);
    expect(await copyableText(page, 'Impression URL')).toMatch(
      /^https:\/\/imp\.control\.kochava\.com\/track\/impression\?campaign_id=kochava-e2e&network_id=scaler&/,
    );
    expect(await copyableText(page, 'Postback URL')).toBe(postbackUrl);

    await content(page).getByRole('button', { name: 'Copy Click URL', exact: true }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clickUrl);
    await content(page).getByRole('button', { name: 'Copy Postback URL', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(postbackUrl);

    // The partner calls the postback URL with its macros filled: the live panel shows the install.
    const filled = new URL(postbackUrl);
    for (const [key, value] of Object.entries({
      click_id: '',
      event: 'install',
      event_uid: `uid-${suffix()}`,
    }))
      filled.searchParams.set(key, value);
    const answer = await (await admin.request.get(filled.toString())).json();
    expect(answer).toMatchObject({ code: 0, data: { status: 'accepted', attributed: false } });
    const row = liveRows(page).filter({ hasText: 'install' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Accepted');
    expect(await row.textContent()).toContain('Counted without an ad click');
    // An event the app does not have is refused, with the reason.
    filled.searchParams.set('event', 'level_up_e2e');
    await admin.request.get(filled.toString());
    const refused = liveRows(page).filter({ hasText: 'level_up_e2e' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Rejected');
    expect(await refused.textContent()).toContain('Event not set up for this asset');
    expect(await refused.textContent()).toContain('"level_up_e2e" is not an event of this app.');

    // Rotating the postback token, after a confirmation, retires the old URL.
    await content(page).getByRole('button', { name: 'Rotate postback token' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the postback token?' });
    await confirm.getByRole('button', { name: 'Rotate token' }).click();
    await page.getByText('The postback token was rotated. Update the postback URL at the partner.').waitFor();
    await expect.poll(() => copyableText(page, 'Postback URL')).not.toBe(postbackUrl);
    expect(await copyableText(page, 'Postback URL')).toMatch(
      /\/t\/postback\/kochava\/[0-9a-f]{32}\?click_id=/,
    );
    filled.searchParams.set('event', 'install');
    expect((await admin.request.get(filled.toString())).status()).toBe(404);
  });
  await admin.dispose();
});

test('assets: edit an app: icon, name and its events', async () => {
  const admin = await apiAs('admin@demo.test');
  const pkg = `com.e2e.edit${suffix()}`;
  const created = await assetCall<{ _id: string }>(admin, 'POST', '/scaler/v3/app', {
    ...SHOES,
    data: {
      name: uniqueName('E2E Edit'),
      bundle_id: pkg,
      os: 2,
      download_type: 3,
      download_link: 'https://downloads.example.com/e2e.apk',
      partner: 'appsflyer',
      partner_app_id: pkg,
    },
  });
  expect(created.code).toBe(0);
  const renamed = uniqueName('E2E Renamed');
  const eventId = `e2e_level_${suffix()}`;

  await withPage(browser, 'assets-edit-app', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/assets/events/app/${created.data._id}${query(SHOES)}`);
    const settings = content(page).getByRole('form', { name: 'App settings' });
    await settings.getByLabel('App name').fill(renamed);
    await settings
      .locator('input[type=file]')
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect
      .poll(() => settings.locator('.ant-avatar img').getAttribute('src'))
      .toMatch(/^\/static\/avatars\/[a-f0-9]{32}\.png$/);
    // An APK is for Android only: switching to iOS makes the download link invalid.
    await settings.getByText('iOS', { exact: true }).click();
    await settings.getByText('APK downloads are for Android apps only.').waitFor();
    await settings.getByText('Android', { exact: true }).click();
    await settings.getByText('APK downloads are for Android apps only.').waitFor({ state: 'detached' });
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`App ${renamed} was saved.`).waitFor();
    await page.getByRole('heading', { name: renamed, level: 3 }).waitFor();

    await content(page).getByRole('button', { name: 'Edit events' }).click();
    const dialog = page.getByRole('dialog', { name: `Events of ${renamed}` });
    await dialog.getByRole('button', { name: 'Add custom event' }).click();
    await dialog.getByLabel('Event ID 1').fill('install');
    await dialog.getByLabel('Event name 1').fill('Level 10');
    await dialog.getByText('Invalid event ID: this is a standard event', { exact: false }).waitFor();
    await dialog.getByLabel('Event ID 1').fill(eventId);
    await dialog.getByRole('button', { name: /Save$/ }).click();
    await page.getByText('The events were saved.').waitFor();
    const row = content(page).getByRole('row').filter({ hasText: eventId });
    await row.waitFor();
    expect(await row.textContent()).toContain('Level 10');
  });

  const saved = await assetCall<{ name: string; icon: string | null; events: { event_id: string }[] }>(
    admin,
    'GET',
    `/scaler/v3/app?_id=${created.data._id}`,
    SHOES,
  );
  expect(saved.data.name).toBe(renamed);
  expect(saved.data.icon).toMatch(/^avatars\/[a-f0-9]{32}\.png$/);
  expect(saved.data.events.map((e) => e.event_id)).toEqual(['install', eventId]);
  await admin.dispose();
});

test('assets: create a pixel with a custom event; a bad event id is refused', async () => {
  const name = uniqueName('E2E Pixel');
  const eventId = `e2e_gift_${suffix()}`;

  await withPage(browser, 'assets-create-pixel', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/assets/events/cards/pixel${query(SHOES)}`);
    await content(page).getByRole('button', { name: 'Create pixel' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create pixel' });
    await dialog.getByLabel('Pixel name').fill(name);
    await dialog.getByRole('button', { name: 'Add custom event' }).click();
    await dialog.getByLabel('Event ID 1').fill('9lives');
    await dialog.getByLabel('Event name 1').fill('Gift wrap');
    await dialog.getByText('Invalid event ID', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: /Create$/ }).click();
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);

    // An id another asset holds already is refused by the server, on the same field.
    await dialog.getByLabel('Event ID 1').fill('shoes_size_guide');
    await dialog.getByText('Invalid event ID', { exact: true }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: /Create$/ }).click();
    await dialog.getByText('Invalid event ID: shoes_size_guide already exists.').waitFor();

    await dialog.getByLabel('Event ID 1').fill(eventId);
    await dialog.getByRole('button', { name: /Create$/ }).click();
    // The confirmation shows for a few seconds from the answer on; a busy machine may take longer than
    // that to render the pixel's page, so it is looked for first.
    await page.getByText(`Pixel ${name} was created.`).waitFor();
    await page.waitForURL(/\/assets\/events\/pixel\/[0-9a-f]{24}\?org=100001&adv=1000001$/);
    const pixelId = /\/pixel\/([0-9a-f]{24})/.exec(page.url())?.[1] ?? '';
    await page.getByRole('heading', { name, level: 3 }).waitFor();

    const status = content(page).locator('.ant-card').filter({ hasText: 'Installation and event status' });
    const eventRow = status.getByRole('row').filter({ hasText: eventId });
    await eventRow.waitFor();
    expect(await eventRow.textContent()).toContain('Gift wrap');
    expect(await eventRow.textContent()).toContain('Custom');
    expect(await eventRow.textContent()).toContain('No record');

    // Generator 1: the base code loads this pixel; the custom event has its trigger call.
    const base = content(page).getByRole('figure', { name: /^Base code/ });
    expect(await base.locator('pre').textContent()).toContain(`scq('load', '${pixelId}');`);
    const trigger = content(page).getByRole('figure', { name: /^Trigger: Gift wrap/ });
    expect(await trigger.locator('pre').textContent()).toBe(`scq('track', '${eventId}');`);
    // Generator 2: the basic pixel sends a custom event with trackCustom, a standard one with track.
    await content(page).getByRole('tab', { name: 'Basic pixel for one event' }).click();
    const basic = content(page).getByRole('figure', { name: /^Basic pixel code/ });
    expect(await basic.locator('pre').textContent()).toContain("scq('track', 'PageView');");
    await content(page).getByLabel('Event of the basic pixel').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Gift wrap (Custom)').click();
    await expect
      .poll(async () => basic.locator('pre').textContent())
      .toContain(`scq('trackCustom', '${eventId}');`);
    expect(await basic.locator('pre').textContent()).toContain(`scq('init', '${pixelId}');`);
  });
});

test('assets: an analyst sees the assets and no edit controls', async () => {
  const admin = await apiAs('admin@demo.test');
  const apiPixel = await createPixel(admin, GAMES, { name: uniqueName('E2E Games API'), mode: 2 });
  await admin.dispose();

  await withPage(browser, 'assets-analyst', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    // As an operator of Shoes the user may create assets ...
    await page.goto(`/assets/events${query(SHOES)}`);
    await content(page).getByRole('button', { name: 'Create pixel' }).waitFor();

    // ... as an analyst of Games, only look.
    await page.goto(`/assets/events${query(GAMES)}`);
    await content(page)
      .getByText('You can view the assets of this account, but your role does not allow changing them.')
      .waitFor();
    const appLink = content(page).getByRole('link', { name: 'Dragon Idle' }).first();
    await appLink.waitFor();
    for (const label of ['Create app', 'Create pixel', 'Create API source'])
      expect(await content(page).getByRole('button', { name: label }).count()).toBe(0);

    await appLink.click();
    await page.waitForURL(/\/assets\/events\/app\//);
    await content(page).getByRole('button', { name: 'Copy Click URL', exact: true }).waitFor();
    // The postback URL carries the app's secret: an analyst is told it is hidden, and why.
    await content(page).getByText('The postback URL is hidden').waitFor();
    await content(page)
      .getByText(/Only roles that may edit the app's assets \(admins and operators\) see it/)
      .waitFor();
    expect(await content(page).getByRole('button', { name: 'Copy Postback URL', exact: true }).count()).toBe(
      0,
    );
    expect(await content(page).getByText('/t/postback/').count()).toBe(0);
    expect(await content(page).getByLabel('App name').isDisabled()).toBe(true);
    for (const label of ['Save', 'Rotate postback token', 'Edit events', 'Upload icon']) {
      const button = content(page).getByRole('button', { name: label });
      expect((await button.count()) === 0 || (await button.isDisabled())).toBe(true);
    }

    await page.goto(`/assets/events/cards/pixel${query(GAMES)}`);
    await content(page).getByRole('listitem').first().getByRole('link').click();
    await page.waitForURL(/\/assets\/events\/pixel\//);
    await content(page)
      .getByRole('figure', { name: /^Base code/ })
      .waitFor();
    expect(await content(page).getByLabel('Pixel name').isDisabled()).toBe(true);
    for (const label of ['Save', 'Reset', 'Delete', 'Add custom event'])
      expect(await content(page).getByRole('button', { name: label }).count()).toBe(0);

    await page.goto(`/assets/events/api/${apiPixel}${query(GAMES)}`);
    await content(page).getByText('Example request').waitFor();
    await content(page).getByText('Token issued').waitFor();
    expect(await content(page).getByRole('button', { name: 'Rotate token' }).count()).toBe(0);
  });
});

test('assets: a malformed or unknown asset link shows that the asset does not exist', async () => {
  await withPage(browser, 'assets-not-found', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    for (const path of ['app/none', 'pixel/none', 'api/none', `app/${'f'.repeat(24)}`]) {
      await page.goto(`/assets/events/${path}${query(SHOES)}`);
      await content(page).getByText('This asset does not exist').waitFor();
      expect(await content(page).getByText('Some fields are invalid').count()).toBe(0);
    }
    await content(page).getByRole('button', { name: 'All apps' }).click();
    await page.waitForURL(`${baseUrl()}/assets/events/cards/app${query(SHOES)}`);
  });
});

test('assets: the live panel explains a refusal in Chinese to a Chinese reader', async () => {
  const admin = await apiAs('admin@demo.test');
  const pixelId = await createPixel(admin, SHOES, { name: uniqueName('E2E 中文') });
  await withPage(browser, 'assets-live-zh', async ({ context, page }) => {
    await context.addInitScript(() => localStorage.setItem('SC-LOCALE', 'zh-CN'));
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/assets/events/pixel/${pixelId}${query(SHOES)}`);
    const panel = content(page).locator('.ant-card').filter({ hasText: '实时测试事件' });
    await panel.waitFor();
    await collectPixelEvent(admin, { pixel_id: pixelId, event: 'NoSuchEvent', event_id: `zh-${Date.now()}` });
    const row = panel.locator('tbody tr.ant-table-row').filter({ hasText: 'NoSuchEvent' });
    await row.waitFor();
    expect(await row.textContent()).toContain('“NoSuchEvent”不是该像素的事件。');
    expect(await row.textContent()).not.toContain('is not an event');
  });
  await admin.dispose();
});

test('assets: delete a pixel after confirming', async () => {
  const name = uniqueName('E2E Delete');
  const admin = await apiAs('admin@demo.test');
  const pixelId = await createPixel(admin, SHOES, { name });

  await withPage(browser, 'assets-delete-pixel', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/assets/events/pixel/${pixelId}${query(SHOES)}`);
    await page.getByRole('heading', { name, level: 3 }).waitFor();

    await content(page)
      .getByRole('button', { name: /Delete$/ })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete pixel ${name}?` });
    await confirm.getByText('The pixel disappears from every list', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await assetCall(admin, 'GET', `/scaler/v3/pixel?_id=${pixelId}`, SHOES)).code).toBe(0);

    await content(page)
      .getByRole('button', { name: /Delete$/ })
      .click();
    await confirm.getByRole('button', { name: 'Delete pixel' }).click();
    await page.getByText(`Pixel ${name} was deleted.`).waitFor();
    await page.waitForURL(`${baseUrl()}/assets/events/cards/pixel${query(SHOES)}`);

    const search = content(page).getByRole('searchbox', { name: 'Search by pixel name' });
    await search.fill(name);
    await search.press('Enter');
    await content(page).getByText('Nothing matches the search or the status.').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(name);
    expect((await assetCall(admin, 'GET', `/scaler/v3/pixel?_id=${pixelId}`, SHOES)).status).toBe(404);
  });
  await admin.dispose();
});

test('assets: reset a pixel that received events', async () => {
  const name = uniqueName('E2E Reset');
  const admin = await apiAs('admin@demo.test');
  const pixelId = await createPixel(admin, SHOES, {
    name,
    events: [
      { type: 1, event_type: 'page_view' },
      { type: 1, event_type: 'purchase' },
    ],
  });

  await withPage(browser, 'assets-reset-pixel', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/assets/events/pixel/${pixelId}${query(SHOES)}`);
    await page.getByRole('heading', { name, level: 3 }).waitFor();
    await content(page).getByText('No events yet. Send a test event and watch it appear here.').waitFor();

    const sent = await collectPixelEvent(admin, {
      pixel_id: pixelId,
      event: 'Purchase',
      event_id: `e2e-${suffix()}`,
      value: 12.5,
      currency: 'USD',
      url: 'https://shop.example.com/thanks',
    });
    expect(sent.code).toBe(0);
    const row = liveRows(page).filter({ hasText: 'Purchase' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Accepted');
    expect(await row.textContent()).toContain('12.5');
    expect(await row.textContent()).toContain('https://shop.example.com/thanks');

    // The counted event verified the installation and started recording.
    const status = content(page).locator('.ant-card').filter({ hasText: 'Installation and event status' });
    await status.getByText(/^Verified /).waitFor();
    await status.getByRole('row').filter({ hasText: 'purchase' }).getByText('Recording').waitFor();

    await content(page)
      .getByRole('button', { name: /Reset$/ })
      .click();
    const confirm = page.getByRole('dialog', { name: `Reset pixel ${name}?` });
    await confirm.getByText('Statistics are kept.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Reset pixel' }).click();
    await page.getByText(`Pixel ${name} was reset.`).waitFor();

    await status.getByText('Not verified yet').waitFor();
    await status.getByRole('row').filter({ hasText: 'purchase' }).getByText('No record').waitFor();
    const after = await assetCall<{ installed: boolean; reset_at: string | null }>(
      admin,
      'GET',
      `/scaler/v3/pixel/event/status?pixel_id=${pixelId}`,
      SHOES,
    );
    expect(after.data).toMatchObject({ installed: false, reset_at: expect.any(String) });
  });
  await admin.dispose();
});

test('assets: an API source shows its token once, and rotating it issues a new one', async () => {
  const name = uniqueName('E2E API');
  const admin = await apiAs('admin@demo.test');

  await withPage(browser, 'assets-api-source', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/assets/events/cards/api${query(SHOES)}`);
    await content(page).getByRole('button', { name: 'Create API source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API source' });
    expect(await dialog.getByRole('radio', { name: 'API' }).isChecked()).toBe(true);
    await dialog.getByLabel('Pixel name').fill(name);
    await dialog.getByRole('button', { name: 'Create and show token' }).click();

    const tokenDialog = page.getByRole('dialog', { name: 'Your API token' });
    await tokenDialog.getByText('it is shown only this once', { exact: false }).waitFor();
    const token = ((await tokenDialog.locator('.ant-typography').first().textContent()) ?? '').trim();
    expect(token).toMatch(/^sct_[A-Za-z0-9_-]{43}$/);
    await tokenDialog.getByRole('button', { name: 'I have copied the token' }).click();
    await page.waitForURL(/\/assets\/events\/api\/[0-9a-f]{24}\?org=100001&adv=1000001$/);
    const pixelId = /\/api\/([0-9a-f]{24})/.exec(page.url())?.[1] ?? '';

    // Afterwards only its last characters are shown.
    await content(page)
      .getByText(`sct_…${token.slice(-4)}`)
      .waitFor();
    expect(await content(page).getByText(token).count()).toBe(0);
    const curl = await content(page)
      .getByRole('figure', { name: /^Example request/ })
      .locator('pre')
      .textContent();
    expect(curl).toContain(`curl -X POST '${baseUrl()}/open/v1/events'`);
    expect(curl).toContain(`"pixel_id": "${pixelId}"`);

    // The source's name can be changed in place.
    const sourceName = uniqueName('E2E Source');
    await content(page).getByRole('button', { name: 'Rename the source' }).click();
    const nameBox = content(page).getByRole('textbox');
    await nameBox.fill(sourceName);
    await nameBox.press('Enter');
    await page.getByText('The source was renamed.').waitFor();
    await content(page).getByText(sourceName, { exact: true }).waitFor();

    // The example's request works with the token, and the event shows in the live panel.
    const sent = await admin.request.post('/open/v1/events', {
      headers: { authorization: `Bearer ${token}` },
      data: { pixel_id: pixelId, data: [{ event: 'PageView', event_id: `e2e-${suffix()}` }] },
    });
    expect((await sent.json()).data).toMatchObject({ accepted: 1 });
    const row = liveRows(page).filter({ hasText: 'PageView' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Events API');

    await content(page).getByRole('button', { name: 'Rotate token' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the API token?' })
      .getByRole('button', { name: 'Rotate token' })
      .click();
    await tokenDialog.waitFor();
    const rotated = ((await tokenDialog.locator('.ant-typography').first().textContent()) ?? '').trim();
    expect(rotated).toMatch(/^sct_/);
    expect(rotated).not.toBe(token);
    await tokenDialog.getByRole('button', { name: 'I have copied the token' }).click();
    await content(page)
      .getByText(`sct_…${rotated.slice(-4)}`)
      .waitFor();
    const old = await admin.request.post('/open/v1/events', {
      headers: { authorization: `Bearer ${token}` },
      data: { data: [{ event: 'PageView', event_id: `e2e-${suffix()}` }] },
    });
    expect(old.status()).toBe(401);
  });
  await admin.dispose();
});

test('assets: the first API source of a new account, created from the empty list, still shows its token', async () => {
  const admin = await apiAs('admin@demo.test');
  const advId = await createActiveAccount(admin, 100001, uniqueName('E2E Empty'));
  await withPage(browser, 'assets-first-api-source', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/assets/events/cards/api?org=100001&adv=${advId}`);
    const empty = content(page).locator('.ant-empty');
    await empty.getByRole('button', { name: 'Create API source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API source' });
    await dialog.getByLabel('Pixel name').fill(uniqueName('E2E First API'));
    await dialog.getByRole('button', { name: 'Create and show token' }).click();
    // The list now has a card and its empty state is gone; the one-time token is shown all the same.
    const tokenDialog = page.getByRole('dialog', { name: 'Your API token' });
    await tokenDialog.getByText('it is shown only this once', { exact: false }).waitFor();
    expect(await empty.count()).toBe(0);
    await tokenDialog.getByRole('button', { name: 'I have copied the token' }).click();
    await page.waitForURL(new RegExp(`/assets/events/api/[0-9a-f]{24}\\?org=100001&adv=${advId}$`));
  });
  await admin.dispose();
});

test('assets: a standard event is named in the page’s language where an ad group optimises for it, its code in parentheses', async () => {
  for (const [locale, edit, named, other] of [
    ['en-US', 'Edit', 'Purchase (purchase)', '购买 (purchase)'],
    ['zh-CN', '编辑', '购买 (purchase)', 'Purchase (purchase)'],
  ] as const) {
    await withPage(browser, `assets-standard-event-${locale}`, async ({ context, page }) => {
      await context.addInitScript((l) => localStorage.setItem('SC-LOCALE', l), locale);
      await loginViaApi(context, 'admin@demo.test');
      await page.goto(`/perf/adgroup${query(SHOES)}`);
      await content(page)
        .getByRole('link', { name: `${edit} Europe – purchases` })
        .click();
      await content(page).getByText(named, { exact: true }).waitFor();
      expect(await content(page).getByText(other, { exact: true }).count()).toBe(0);
    });
  }
});
