import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mp4 } from '../apps/server/test/mp4';
import { type Api, apiAs } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { chooseOption, content } from './support/console';

let browser: Browser;
let admin: Api;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiAs('admin@demo.test');
});
afterAll(async () => {
  await admin?.dispose();
  await browser?.close();
});

/** Northwind Shoes: its Android app "Northwind Shoes" (com.northwind.shoes) is in the demo. */
const SHOES = { org: 100001, adv: 1000001 };
const query = `?org=${SHOES.org}&adv=${SHOES.adv}`;

async function shoes<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await admin.request.fetch(path, {
    method,
    data,
    headers: { 'org-id': String(SHOES.org), 'adv-id': String(SHOES.adv), language: 'en-US' },
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

const png = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 200 } } })
    .png()
    .toBuffer();

async function upload(page: Page, role: string, name: string, mimeType: string, buffer: Buffer) {
  await content(page).getByTestId(`material-${role}`).setInputFiles({ name, mimeType, buffer });
}

const stamp = Date.now().toString(36);
const CAMPAIGN = `E2E campaign ${stamp}`;
const GROUP = `E2E group ${stamp}`;
const DEVICE_IDS = Array.from(
  { length: 150 },
  (_, i) => `6d92078a-8246-4ba4-ae5b-${(0x76104861e000 + i).toString(16).padStart(12, '0')}`,
);
/** A weekday (Monday 0) three days from today. */
const OFF_DAY = (((new Date().getUTCDay() + 6) % 7) + 3) % 7;

test('perf/new: campaign → ad group → creatives, checked on the way; review in /sa/tool; active with status 0, rejected with the reason', async () => {
  let campaignId = 0;
  let adgroupId = 0;
  await withPage(browser, 'perf-editor-create', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/perf/campaign${query}`);
    await content(page).getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/perf\/new\?/);
    await page.getByRole('heading', { name: 'Create campaign', level: 3 }).waitFor();

    // Step 1: nothing typed: the schema's message on the name, nothing sent.
    await content(page).getByRole('button', { name: 'Save and create an ad group' }).click();
    await content(page).getByText('This field is required.').first().waitFor();
    await content(page).getByLabel('Campaign name').fill(CAMPAIGN);
    await chooseOption(
      page,
      content(page).getByRole('combobox', { name: 'App' }),
      'Northwind Shoes · com.northwind.shoes',
    );
    await content(page).getByLabel('Budget amount').fill('500');
    await content(page).getByRole('button', { name: 'Save and create an ad group' }).click();
    await page.waitForURL(/step=adgroup/);
    campaignId = Number(new URL(page.url()).searchParams.get('campaign_id'));
    expect(campaignId).toBeGreaterThan(2000000);

    // Step 2: saved empty, every message shows at once (fields and the rules between them).
    await content(page).getByRole('button', { name: 'Save and add creatives' }).click();
    await content(page).getByText('Enter the budget amount.').waitFor();
    await content(page).getByText('This field is required.').first().waitFor();
    // An ad group with a bid, a daily budget, dayparting, countries and a publisher list.
    await content(page).getByLabel('Ad group name').fill(GROUP);
    await content(page).getByLabel('Bid', { exact: true }).fill('2.5');
    await content(page).getByLabel('Budget amount').fill('100');
    await content(page).getByText('Chosen hours', { exact: true }).click();
    await content(page).getByRole('button', { name: 'Working hours' }).click();
    await content(page).getByText('45 of 168 hours a week', { exact: false }).waitFor();
    // Every hour but one, three days from now (so the creative delivers now, whatever the account's zone).
    await content(page).getByRole('button', { name: 'All hours' }).click();
    await content(page).getByTestId(`daypart-${OFF_DAY}-10`).click();
    await content(page).getByText('167 of 168 hours a week', { exact: false }).waitFor();
    await content(page).getByText('Only these', { exact: true }).click();
    await content(page)
      .getByLabel('Publisher IDs')
      .fill('com.example.one\ncom.example.two, com.example.one\nnot a publisher!');
    await content(page).getByText('2 publishers').waitFor();
    await content(page).getByText('1 ID given more than once (kept once): com.example.one').waitFor();
    await content(page).getByRole('button', { name: 'Save and add creatives' }).click();
    // An entry that is no publisher id is refused before anything is sent.
    await content(page).getByText('1 entry is not a publisher ID: not a publisher!').waitFor();
    expect(page.url()).toContain('step=adgroup');
    await content(page).getByLabel('Publisher IDs').fill('com.example.one\ncom.example.two, com.example.one');
    // An audience from a device ID list, created from the ad group form and included at once.
    await content(page).getByRole('button', { name: 'New audience' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New audience' });
    await dialog.getByRole('tab', { name: 'From device IDs' }).click();
    await dialog.getByRole('textbox', { name: 'Audience name' }).fill(`E2E list ${stamp}`);
    await dialog.getByLabel('Device IDs (IDFA or GAID)').fill(DEVICE_IDS.join('\n'));
    await dialog.getByText('Valid: 150 · Duplicates: 0 · Invalid: 0').waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page
      .getByText(`Audience “E2E list ${stamp}” was created: its 150 device IDs are being saved.`)
      .waitFor();
    // Written after the answer: the picker asks the list again while it is processing, then the reach.
    await content(page).getByText('Estimated reach: 150 people (150 included, 0 excluded)').waitFor();
    await page.screenshot({ path: '.test-artifacts/perf-editor-adgroup.png', fullPage: true });
    await content(page).getByRole('button', { name: 'Save and add creatives' }).click();
    await page.waitForURL(/step=creatives/);
    adgroupId = Number(new URL(page.url()).searchParams.get('adgroup_id'));

    // Step 3: an image creative sent to review, a second one too, and a video that is too long.
    await content(page).getByText('No creatives yet', { exact: false }).waitFor();
    await content(page).getByLabel('Creative name').fill('E2E approve me');
    await upload(page, 'image', 'banner.png', 'image/png', await png(320, 480, 10));
    await content(page).getByRole('img', { name: 'Image', exact: true }).waitFor();
    await content(page).getByText('320x480', { exact: false }).first().waitFor();
    await content(page).getByRole('button', { name: 'Save and submit for review' }).click();
    await page.getByText('E2E approve me sent to review').waitFor();
    const card = (name: string) => content(page).locator('.ant-card-type-inner').filter({ hasText: name });
    await card('E2E approve me').getByText('In review').first().waitFor();

    await content(page).getByLabel('Creative name').fill('E2E reject me');
    await upload(page, 'image', 'banner2.png', 'image/png', await png(320, 480, 200));
    await content(page).getByRole('img', { name: 'Image', exact: true }).waitFor();
    await content(page).getByRole('button', { name: 'Save and submit for review' }).click();
    await card('E2E reject me').getByText('In review').first().waitFor();

    await chooseOption(page, content(page).getByRole('combobox', { name: 'Creative type' }), 'Video');
    await upload(
      page,
      'video',
      'long.mp4',
      'video/mp4',
      mp4({ width: 720, height: 1280, seconds: 120, payloadBytes: 100_000 }),
    );
    await content(page)
      .getByRole('alert')
      .filter({ hasText: 'The video is 120 s; videos must be 6 to 100 s.' })
      .waitFor();
    // An HTML creative runs its script in the sandboxed preview.
    await chooseOption(page, content(page).getByRole('combobox', { name: 'Creative type' }), 'HTML');
    await content(page)
      .getByLabel('HTML', { exact: true })
      .fill(
        '<div id="ad">Buy shoes</div><script>document.getElementById("ad").textContent = "Script ran";</script>',
      );
    await page.frameLocator('iframe[title^="HTML preview"]').getByText('Script ran').waitFor();
    await page.screenshot({ path: '.test-artifacts/perf-editor-creatives.png', fullPage: true });
  });

  const creatives = await shoes<{ creative_id: number; name: string; status: number }[]>(
    'GET',
    `/scaler/v3/creative?adgroup_id=${adgroupId}`,
  );
  expect(creatives.map((c) => [c.name, c.status])).toEqual([
    ['E2E approve me', 1],
    ['E2E reject me', 1],
  ]);

  await withPage(browser, 'perf-editor-review', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool?tab=creatives');
    const card = (name: string) => content(page).locator('.ant-card').filter({ hasText: name });
    await card('E2E approve me').getByRole('button', { name: 'Approve' }).click();
    await page.getByText('E2E approve me approved').waitFor();
    await card('E2E reject me').getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject E2E reject me' });
    await chooseOption(page, dialog.getByLabel('Rejection reason'), '1008 · Text overlay issues');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('E2E reject me rejected').waitFor();
  });

  await withPage(browser, 'perf-editor-after-review', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/perf/creative${query}&campaign_ids=${campaignId}&adgroup_ids=${adgroupId}`);
    const row = (name: string) => content(page).locator('.ant-table-row').filter({ hasText: name });
    await row('E2E approve me').getByText('Active', { exact: true }).waitFor();
    await row('E2E reject me').getByText('Rejected', { exact: true }).waitFor();
    // Copied into another ad group from the list: the copy stays approved.
    await row('E2E approve me').locator('.ant-checkbox-input').check();
    await content(page).getByRole('button', { name: 'Copy to ad groups' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy 1 creatives to ad groups' });
    await copy.getByRole('combobox', { name: 'Ad groups' }).fill('US & Canada');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText(/^US & Canada – CPI/)
      .click();
    await page.keyboard.press('Escape');
    await copy.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('1 copies created').waitFor();
    // The list's edit link opens the creative's form; the rejection and its reason show there.
    await row('E2E reject me').getByRole('link', { name: 'Edit E2E reject me' }).click();
    await page.waitForURL(/step=creatives/);
    await content(page).getByText('Rejected: Text overlay issues').waitFor();
    await content(page).getByText('Edit E2E reject me', { exact: true }).waitFor();

    // The ad group's form shows what was saved: the dayparting hours and the publisher list.
    await content(page).getByText('Ad group', { exact: true }).click();
    await page.waitForURL(/step=adgroup/);
    await content(page).getByText('167 of 168 hours a week', { exact: false }).waitFor();
    expect(await content(page).getByTestId(`daypart-${OFF_DAY}-10`).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await expect
      .poll(() => content(page).getByLabel('Publisher IDs').inputValue())
      .toBe('com.example.one\ncom.example.two');
  });
  const approved = await shoes<{ status: number; review_status: number }[]>(
    'GET',
    `/scaler/v3/creative?adgroup_id=${adgroupId}`,
  );
  expect(approved.map((c) => [c.review_status, c.status])).toEqual([
    [3, 0],
    [2, 2],
  ]);
  const copies = await shoes<{ list: { creative_name: string; adgroup_name: string; status: number }[] }>(
    'POST',
    '/scaler/v3/creative/list2',
    { start_date: '2026-01-01', end_date: '2026-01-01', search: 'E2E approve me' },
  );
  expect(copies.list.map((c) => c.adgroup_name).sort()).toEqual([GROUP, 'US & Canada – CPI']);
  // The ad group targets the audience, in effect with its 150 people.
  const audience = await shoes<{
    status: number;
    audiences: { mode: string; status: number; size: number }[];
  }>('GET', `/scaler/v3/adgroup/audience/status?adgroup_id=${adgroupId}`);
  expect(audience).toMatchObject({ status: 2, audiences: [{ mode: 'include', status: 2, size: 150 }] });
});

test('creative viewer: the creatives of the viewer’s accounts with previews and filters in the URL, in both languages', async () => {
  await withPage(browser, 'creative-viewer-gallery', async ({ context, page }) => {
    await loginViaApi(context, 'viewer@demo.test');
    await page.goto('/creative/index');
    // The first account the viewer may see is chosen; its creatives show as they would be seen.
    await page.waitForURL(/adv=\d+/);
    const card = (name: string) => content(page).locator('.ant-card').filter({ hasText: name });
    await card('Runner native')
      .getByRole('img', { name: /Runner native image 1200x627/ })
      .waitFor();
    await chooseOption(page, content(page).getByRole('combobox', { name: 'All types' }), 'Native image');
    await page.waitForURL(/type=nativeImg/);
    await expect
      .poll(async () =>
        (await content(page).locator('.ant-card').allTextContents()).every((t) => t.includes('Native image')),
      )
      .toBe(true);
    await content(page).getByRole('searchbox', { name: 'Search by name or ID' }).fill('no such creative');
    await content(page).getByRole('searchbox', { name: 'Search by name or ID' }).press('Enter');
    await content(page).getByText('No creatives match').waitFor();
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('简体中文', { exact: true }).click();
    await content(page).getByText('没有符合条件的创意').waitFor();
    expect(await page.getByText('没有操作权限').count()).toBe(0);
  });
});
