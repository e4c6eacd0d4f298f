import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Northwind Shoes: 90 days of delivery across publishers; its "Old test campaign" (ad group "Test") is deleted. */
const query = '?org=100001&adv=1000001';
const report = `/report/bundle${query}&start=2026-11-01&end=2026-11-20`;

const dropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Selects the first `count` publishers of the bundle report and opens "Add to block/allow list". */
async function addFromReport(page: Page, rows: number[], button: string, title: string) {
  await page.goto(report);
  const table = content(page).locator('.ant-table');
  await table.locator('.ant-table-row').first().waitFor();
  for (const i of rows) await table.locator('.ant-table-row').nth(i).locator('.ant-checkbox-input').check();
  await content(page).getByRole('button', { name: button }).click();
  return page.getByRole('dialog', { name: title });
}

async function pick(page: Page, dialog: ReturnType<Page['getByRole']>, label: string, name: RegExp) {
  await dialog.getByRole('combobox', { name: label }).fill(name.source.replace(/^\^/, '').split(' ')[0]);
  await dropdown(page).getByText(name).click();
  await page.keyboard.press('Escape');
}

test('publisher lists: "Add to block list" offers live ad groups with their own lists, says what it added in the right plural, and the lists page shows the same lists', async () => {
  await withPage(browser, 'publisher-lists-en', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    const dialog = await addFromReport(page, [0, 1], 'Add to block list', 'Block 2 publishers in ad groups');
    // The ad group of the deleted campaign is not offered.
    await dialog.getByRole('combobox', { name: 'Ad groups' }).fill('Test');
    await dropdown(page).locator('.ant-select-item-empty, .ant-select-item-option').first().waitFor();
    expect(
      await dropdown(page)
        .getByText(/^Test \(/)
        .count(),
    ).toBe(0);
    await dialog.getByRole('combobox', { name: 'Ad groups' }).fill('');
    // Each ad group says what list it keeps.
    await pick(page, dialog, 'Ad groups', /^Visitors – CPC \(\d+\) · .* — No list: every publisher$/);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('2 publishers added to 1 ad group', { exact: true }).waitFor();

    const one = await addFromReport(page, [2], 'Add to block list', 'Block 1 publisher in ad groups');
    await pick(page, one, 'Ad groups', /^US & Canada – CPI \(\d+\) · /);
    await one.getByRole('button', { name: 'Add' }).click();
    await page.getByText('1 publisher added to 1 ad group', { exact: true }).waitFor();
  });
});

test('publisher lists: an ad group keeping a block list cannot take an allow list; the lists page explains both kinds and shows the ad groups’ own lists', async () => {
  await withPage(browser, 'publisher-lists-own', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    // An ad group keeping a block list cannot take an allow list: shown, disabled, with the reason.
    const allow = await addFromReport(page, [3], 'Add to allow list', 'Allow 1 publisher in ad groups');
    await allow.getByRole('combobox', { name: 'Ad groups' }).fill('Visitors');
    const option = dropdown(page)
      .locator('.ant-select-item-option')
      .filter({ hasText: 'keeps a block list' });
    await option.waitFor();
    expect(await option.getAttribute('class')).toContain('ant-select-item-option-disabled');
    await page.keyboard.press('Escape');
    await allow.getByRole('link', { name: 'See every list' }).click();

    // The publisher lists page: both kinds, explained, the ad groups' own lists as they now stand.
    await page.getByRole('heading', { name: 'Publisher lists', level: 3 }).waitFor();
    await content(page)
      .getByText(/^Two kinds of lists:/)
      .waitFor();
    const own = content(page).getByRole('region', { name: 'Ad groups’ own lists' });
    const visitors = own.locator('.ant-table-row').filter({ hasText: 'Visitors – CPC' });
    await visitors.getByText('block list · 2 publishers', { exact: true }).waitFor();
    await own
      .locator('.ant-table-row')
      .filter({ hasText: 'US & Canada – CPI' })
      .getByText('block list · 1 publisher', { exact: true })
      .waitFor();
    expect(
      await own
        .locator('.ant-table-row')
        .filter({ hasText: /^Test \(/ })
        .count(),
    ).toBe(0);
  });
});

test('publisher lists: the same in Chinese', async () => {
  await withPage(browser, 'publisher-lists-zh', async ({ context, page }) => {
    await context.addInitScript(() => localStorage.setItem('SC-LOCALE', 'zh-CN'));
    await loginViaApi(context, 'admin@demo.test');
    const dialog = await addFromReport(page, [4], '加入黑名单', '在广告组中屏蔽 1 个媒体');
    await pick(page, dialog, '广告组', /^Europe – purchases \(\d+\) · .* — 无名单：所有媒体$/);
    await dialog
      .getByRole('button', { name: '添 加' })
      .or(dialog.getByRole('button', { name: '添加' }))
      .click();
    await page.getByText('已向 1 个广告组添加 1 个媒体', { exact: true }).waitFor();

    await page.goto(`/report/bundle/manage${query}`);
    await content(page)
      .getByText(/^名单分两种/)
      .waitFor();
    const own = content(page).getByRole('region', { name: '广告组自己的名单' });
    await own
      .locator('.ant-table-row')
      .filter({ hasText: 'Europe – purchases' })
      .getByText('黑名单 · 1 个媒体', { exact: true })
      .waitFor();
  });
});
