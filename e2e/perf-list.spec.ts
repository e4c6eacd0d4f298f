import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Api, apiAs } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content } from './support/console';

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

/** Northwind Shoes (seeded with campaigns and 90 days of delivery); admin@demo.test is the center's admin. */
const SHOES = { org: 100001, adv: 1000001 };
const query = `?org=${SHOES.org}&adv=${SHOES.adv}`;

/** A call in the Shoes account, as the admin. */
async function shoes<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await admin.request.fetch(path, {
    method,
    data,
    headers: { 'org-id': String(SHOES.org), 'adv-id': String(SHOES.adv), language: 'en-US' },
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

const table = (page: Page) => content(page).locator('.ant-table');
const rowOf = (page: Page, name: string) => table(page).locator('.ant-table-row').filter({ hasText: name });

test('perf: campaigns with numbers and totals, sort by cost, columns, drill-down, history', async () => {
  await withPage(browser, 'perf-list', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/perf/campaign${query}`);
    await page.getByRole('heading', { name: 'Campaigns', level: 3 }).waitFor();
    await rowOf(page, 'Spring sale – Android installs').waitFor();
    // The totals row sums every campaign of the range.
    await expect.poll(() => table(page).locator('.ant-table-summary').textContent()).toMatch(/Total of \d+/);

    // Sort by cost, descending: the URL keeps it and the first row has the highest cost.
    await table(page).getByRole('columnheader', { name: 'Cost', exact: true }).click();
    await page.screenshot({ path: '.test-artifacts/perf-list.png' });
    await page.waitForURL(/sort=gmv/);
    // The header's position among the header cells is the cost cell's position in each row.
    const headers = await table(page).locator('thead th').allTextContents();
    const costColumn = headers.findIndex((h) => h.trim() === 'Cost');
    const costs = async () => {
      const values: number[] = [];
      for (const r of await table(page).locator('.ant-table-row').all()) {
        const text = (await r.locator('.ant-table-cell').nth(costColumn).textContent()) ?? '';
        values.push(Number(text.replace(/[$,]/g, '')));
      }
      return values;
    };
    await expect
      .poll(costs)
      .toSatisfy((c: number[]) => c.length > 1 && c.every((v, i) => i === 0 || c[i - 1] >= v));

    // Columns: ROAS D7 is hidden by default; switched on, it shows and stays after a reload.
    expect(await table(page).getByRole('columnheader', { name: 'ROAS D7' }).count()).toBe(0);
    await content(page).getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'ROAS D7' }).check();
    await table(page).getByRole('columnheader', { name: 'ROAS D7' }).waitFor();
    await page.reload();
    await table(page).getByRole('columnheader', { name: 'ROAS D7' }).waitFor();

    // Drill down to the campaign's ad groups; the parent stays in the URL.
    await rowOf(page, 'Spring sale – Android installs')
      .getByRole('link', { name: 'Spring sale – Android installs', exact: true })
      .click();
    await page.waitForURL(/\/perf\/adgroup\?.*campaign_ids=\d+/);
    await rowOf(page, 'US & Canada – CPI').waitFor();
    await rowOf(page, 'Europe – purchases').waitFor();
    expect(await table(page).locator('.ant-table-row').count()).toBe(2);

    // History of an ad group: its creation is recorded field by field.
    await rowOf(page, 'US & Canada – CPI')
      .getByRole('button', { name: /History/ })
      .click();
    const drawer = page.getByRole('dialog', { name: /Change history: US & Canada – CPI/ });
    await drawer.getByRole('cell', { name: 'Bidding strategy', exact: true }).waitFor();
  });
});

test('perf: pausing a campaign shows 11 on its ad groups; batch bids first', async () => {
  // A campaign of its own, so other tests' data stays as seeded.
  const apps = await shoes<{ _id: string; os: number }[]>('GET', '/scaler/v3/utils/apps');
  const android = apps.find((a) => a.os === 2) ?? apps[0];
  const suffix = Date.now().toString(36);
  const campaign = await shoes<{ campaign_id: number }>('PUT', '/scaler/v3/campaign', {
    name: `E2E pause ${suffix}`,
    campaign_type: 'install',
    promote_goal: 'app_install',
    os: android.os,
    link_type: 1,
    app_id: android._id,
  });
  const group = (name: string) =>
    shoes<{ adgroup_id: number }>('PUT', '/scaler/v3/adgroup', {
      campaign_id: campaign.campaign_id,
      name,
      bidding_type: 1,
      billing_type: 1,
      bid_price: 1.5,
    });
  const g1 = await group(`E2E group A ${suffix}`);
  const g2 = await group(`E2E group B ${suffix}`);

  await withPage(browser, 'perf-pause', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/perf/campaign${query}&q=${encodeURIComponent(`E2E pause ${suffix}`)}`);
    const row = rowOf(page, `E2E pause ${suffix}`);
    await row.waitFor();
    await row.getByRole('switch').click();
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await row.getByText('Campaign paused').waitFor();

    await row.getByRole('link', { name: `E2E pause ${suffix}`, exact: true }).click();
    await page.waitForURL(/\/perf\/adgroup/);
    for (const name of [`E2E group A ${suffix}`, `E2E group B ${suffix}`]) {
      await rowOf(page, name).getByText('Campaign paused').waitFor();
    }

    // Batch: select both, the budget waits for the bid, then both change together.
    await rowOf(page, `E2E group A ${suffix}`).locator('.ant-checkbox').click();
    await rowOf(page, `E2E group B ${suffix}`).locator('.ant-checkbox').click();
    await content(page).getByRole('button', { name: 'Edit bids and budgets' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit bids and budgets of 2 ad groups/ });
    await dialog.getByText('Bids first').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Daily' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Bid').fill('2.75');
    await dialog.getByRole('radio', { name: 'Daily' }).check();
    await dialog.getByLabel('Budget amount').fill('60');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('2 updated').waitFor();
  });
  const infos = await shoes<{ bid_price: number; ad_group_budget: number; status: number }[]>(
    'POST',
    '/scaler/v3/adgroups/infos',
    { adgroup_ids: [g1.adgroup_id, g2.adgroup_id] },
  );
  expect(infos.map((g) => [g.bid_price, g.ad_group_budget, g.status])).toEqual([
    [2.75, 60, 11],
    [2.75, 60, 11],
  ]);
});
