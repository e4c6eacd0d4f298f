import type { TAdvertiserMarkupPage, TMarkupHistory } from '@scaler/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiAs } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, inChinese } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ORG = 100001;

test('money-view: the markup history shows who changed what and the day it applies from, in both languages', async () => {
  // Through the API: Northwind Shoes' markup 15% → 20% → back to 15% (the page keeps showing 15%).
  const admin = await apiAs('admin@demo.test');
  const page1 = await admin.ok<TAdvertiserMarkupPage>('GET', '/scaler/v3/advs/markups?q=Northwind%20Shoes', {
    org: ORG,
  });
  const shoes = page1.list.find((r) => r.adv_name === 'Northwind Shoes');
  expect(shoes?.markup?.ratio).toBe(0.15);
  const advId = shoes?.adv_id as number;
  for (const ratio of [0.2, 0.15]) {
    await admin.ok('PUT', `/scaler/v3/advs/${advId}/markup`, {
      data: { ratio, start_date: '2026-01-01' },
      org: ORG,
    });
  }
  const history = await admin.ok<TMarkupHistory>('GET', `/scaler/v3/advs/${advId}/markup/history`, {
    org: ORG,
  });
  expect(history.total).toBeGreaterThanOrEqual(3);
  const effective = history.list[0].effective_date;
  await admin.dispose();

  for (const [locale, l] of [
    [
      'en-US',
      {
        open: 'History',
        title: 'Markup history of "Northwind Shoes"',
        newest: '20% · 2026-01-01 – No end date → 15% · 2026-01-01 – No end date',
        initial: ['Before history', '—', 'No markup → 15% · 2026-01-01 – No end date', 'The start'],
      },
    ],
    [
      'zh-CN',
      {
        open: '历史',
        title: '“Northwind Shoes”的加价历史',
        newest: '20% · 2026-01-01 – 无结束日期 → 15% · 2026-01-01 – 无结束日期',
        initial: ['历史记录之前', '—', '未加价 → 15% · 2026-01-01 – 无结束日期', '最初'],
      },
    ],
  ] as const) {
    await withPage(
      browser,
      `money-view-markup-history-${locale}`,
      async ({ context, page }) => {
        if (locale === 'zh-CN') await inChinese(context);
        await loginViaApi(context, 'admin@demo.test');
        await page.goto(`/setting/account-markup?org=${ORG}`);
        const row = content(page).getByRole('row').filter({ hasText: 'Northwind Shoes' });
        await row.getByRole('button', { name: l.open }).click();
        const drawer = page.getByRole('dialog', { name: l.title });
        await drawer.waitFor();
        const rows = drawer.getByRole('row');
        // Newest first: the admin's change back to 15%, from the account's next day.
        const newest = rows.filter({ hasText: l.newest });
        await newest.waitFor();
        expect(await newest.getByRole('cell').nth(1).textContent()).toBe('Ava Admin');
        expect(await newest.getByRole('cell').nth(3).textContent()).toBe(effective);
        // The settings as they stood before versions began.
        const initial = rows.filter({ hasText: l.initial[0] });
        expect((await initial.getByRole('cell').allTextContents()).map((s) => s.trim())).toEqual(l.initial);
      },
      { locale },
    );
  }
}, 120_000);

test('money-view: the commission history opens from the commission settings, in both languages', async () => {
  for (const [locale, l] of [
    [
      'en-US',
      {
        open: 'History',
        title: 'Commission history',
        initial: ['Before history', '—', '— → 5% · shown', 'The start'],
      },
    ],
    ['zh-CN', { open: '历史', title: '佣金历史', initial: ['历史记录之前', '—', '— → 5% · 显示', '最初'] }],
  ] as const) {
    await withPage(
      browser,
      `money-view-commission-history-${locale}`,
      async ({ context, page }) => {
        if (locale === 'zh-CN') await inChinese(context);
        await loginViaApi(context, 'admin@demo.test');
        await page.goto(`/manage/setting?org=${ORG}`);
        await content(page).getByRole('button', { name: l.open, exact: true }).click();
        const drawer = page.getByRole('dialog', { name: l.title });
        const initial = drawer.getByRole('row').filter({ hasText: l.initial[0] });
        await initial.waitFor();
        expect((await initial.getByRole('cell').allTextContents()).map((s) => s.trim())).toEqual(l.initial);
      },
      { locale },
    );
  }
}, 120_000);
