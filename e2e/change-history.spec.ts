import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** Northwind Shoes; its "US & Canada – CPI" ad group was created (back-dated) by the demo seed. */
const SHOES = { org: 100001, adv: 1000001 };
const query = `?org=${SHOES.org}&adv=${SHOES.adv}`;

async function shoes<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await admin.request.fetch(path, {
    method,
    data,
    headers: { 'org-id': String(SHOES.org), 'adv-id': String(SHOES.adv), language: 'en-US' },
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

const rowOf = (page: Page, name: string) => content(page).locator('.ant-table-row').filter({ hasText: name });

/** The drawer's row of one field: [field, before, after] as shown. */
async function fieldRow(page: Page, drawer: ReturnType<Page['getByRole']>, field: string) {
  const row = drawer
    .locator('.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: field, exact: true }) });
  await row.first().waitFor();
  return (await row.first().getByRole('cell').allInnerTexts()).map((t) => t.trim());
}

async function openHistory(context: BrowserContext, page: Page, name: string, title: RegExp) {
  await loginViaApi(context, 'admin@demo.test');
  await page.goto(`/perf/adgroup${query}`);
  await rowOf(page, name)
    .getByRole('button', { name: /^(History|历史)/ })
    .click();
  const drawer = page.getByRole('dialog', { name: title });
  await drawer.locator('.ant-table-row').first().waitFor();
  return drawer;
}

test('change history: fields and values in the forms’ words, money with its currency, countries by name, dates as the list’s (en-US)', async () => {
  const groups = await shoes<{ list: { adgroup_id: number; adgroup_name: string; created_time: string }[] }>(
    'POST',
    '/scaler/v3/adgroup/list2',
    { start_date: '2026-01-01', end_date: '2026-01-01', search: 'US & Canada – CPI' },
  );
  const group = groups.list[0];
  await withPage(browser, 'history-en', async ({ context, page }) => {
    const drawer = await openHistory(context, page, 'US & Canada – CPI', /Change history: US & Canada – CPI/);
    // Cells: time, by, change, field, before, after.
    const bidding = await fieldRow(page, drawer, 'Bidding strategy');
    expect(bidding.slice(2)).toEqual(['Created', 'Bidding strategy', '—', 'CPI']);
    expect((await fieldRow(page, drawer, 'Billed per'))[5]).toBe('Install (CPI)');
    expect((await fieldRow(page, drawer, 'Bid'))[5]).toBe('$2.40');
    expect((await fieldRow(page, drawer, 'Countries'))[5]).toMatch(/^United States( of America)?, Canada$/);
    expect((await fieldRow(page, drawer, 'Ad group name'))[5]).toBe('US & Canada – CPI');
    // Its creation is dated as the list dates the ad group, not when the demo was seeded.
    expect(bidding[0].slice(0, 16)).toBe(group.created_time.replace('T', ' ').slice(0, 16));
    expect(await drawer.getByRole('cell', { name: 'bidding_type' }).count()).toBe(0);
  });
});

test('change history: the same in Chinese, an edit’s before and after too', async () => {
  const groups = await shoes<{ list: { adgroup_id: number }[] }>('POST', '/scaler/v3/adgroup/list2', {
    start_date: '2026-01-01',
    end_date: '2026-01-01',
    search: 'Europe – purchases',
  });
  const id = groups.list[0].adgroup_id;
  const detail = await shoes<Record<string, unknown>>('GET', `/scaler/v3/adgroup/info?adgroup_id=${id}`);
  const { adgroup_id, adv_id, status, opt_status, deleted, created_time, updated_time, ...input } = detail;
  await shoes('PUT', '/scaler/v3/adgroup', {
    ...input,
    adgroup_id,
    countries: ['DE', 'JP'],
    budget_type: 0,
    ad_group_budget: 75,
  });
  await withPage(browser, 'history-zh', async ({ context, page }) => {
    await context.addInitScript(() => localStorage.setItem('SC-LOCALE', 'zh-CN'));
    const drawer = await openHistory(context, page, 'Europe – purchases', /修改历史：Europe – purchases/);
    const countries = await fieldRow(page, drawer, '国家/地区');
    expect(countries[2]).toBe('编辑');
    expect(countries[5]).toBe('德国、日本');
    expect(countries[4]).not.toMatch(/\[|"/);
    const budget = await fieldRow(page, drawer, '广告组预算');
    expect(budget[5]).toBe('$75.00');
    expect((await fieldRow(page, drawer, '预算'))[5]).toBe('日预算');
    expect(await drawer.getByText('countries', { exact: true }).count()).toBe(0);
  });
});
