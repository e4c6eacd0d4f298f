import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
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

/** Northwind Games: its "Puzzle draft" creative is a draft in the demo. */
const GAMES = { org: 100001, adv: 1000002 };

async function games<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await admin.request.fetch(path, {
    method,
    data,
    headers: { 'org-id': String(GAMES.org), 'adv-id': String(GAMES.adv), language: 'en-US' },
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

test('creative review: the queue shows the type in words, where the ad leads, each material’s size and when it was sent, in both languages', async () => {
  await withPage(browser, 'creative-review-facts', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool?tab=creatives');
    const card = content(page).locator('.ant-card').filter({ hasText: 'Runner native' });
    await card.getByText('Native image', { exact: true }).waitFor();
    expect(await card.getByText('nativeImg', { exact: true }).count()).toBe(0);
    const landing = card.getByRole('link', { name: /^https:\/\// });
    expect(await landing.getAttribute('href')).toMatch(/^https:\/\//);
    await card.getByText(/^1200×627 · \d+ KB$/).waitFor();
    await card.getByText(/^480×480 · \d+ KB$/).waitFor();
    expect(await card.locator('time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await card.getByText('Submitted', { exact: true }).waitFor();
  });
  await withPage(browser, 'creative-review-facts-zh', async ({ context, page }) => {
    await context.addInitScript(() => localStorage.setItem('SC-LOCALE', 'zh-CN'));
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool?tab=creatives');
    const card = content(page).locator('.ant-card').filter({ hasText: 'Runner native' });
    await card.getByText('原生图片', { exact: true }).waitFor();
    await card.getByText('落地页', { exact: true }).waitFor();
    await card.getByText('提交时间', { exact: true }).waitFor();
    await card.getByText('图标', { exact: true }).waitFor();
  });
});

test('creative review: the operator approves one creative and rejects another with a reason; the lists follow', async () => {
  const list = await games<{ list: { creative_id: number; creative_name: string }[] }>(
    'POST',
    '/scaler/v3/creative/list2',
    {
      start_date: '2026-01-01',
      end_date: '2026-01-01',
      search: 'Puzzle draft',
    },
  );
  const draft = list.list[0];
  await games('POST', '/scaler/v3/creative/commit', { creative_ids: [draft.creative_id] });

  await withPage(browser, 'creative-review', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool?tab=creatives');
    const card = (name: string) => content(page).locator('.ant-card').filter({ hasText: name });
    await card('Runner native').waitFor();
    // The preview shows the material itself.
    await card('Runner native')
      .getByRole('img', { name: /Runner native image 1200x627/ })
      .waitFor();
    await card('Runner native').getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Runner native approved').waitFor();
    await expect.poll(() => card('Runner native').count()).toBe(0);

    await card('Puzzle draft').getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Puzzle draft' });
    await chooseOption(page, dialog.getByLabel('Rejection reason'), '1007 · Low quality or unplayable');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Puzzle draft rejected').waitFor();

    await content(page).getByText('Rejected', { exact: true }).click();
    await card('Puzzle draft').getByText('1007 Low quality or unplayable').waitFor();
  });
  const after = await games<{ list: { status: number; reject_code: number }[] }>(
    'POST',
    '/scaler/v3/creative/list2',
    {
      start_date: '2026-01-01',
      end_date: '2026-01-01',
      search: 'Puzzle draft',
    },
  );
  expect(after.list[0]).toMatchObject({ status: 2, reject_code: 1007 });
  // The advertiser reads the reason in words: in the list (the whole text in its tooltip) and in the notice.
  for (const [locale, reason, bell, prefix] of [
    ['en-US', 'Low quality or unplayable', /^Notifications, [1-9]\d* unread$/, 'Reason: '],
    ['zh-CN', '质量低或无法播放', /^通知，[1-9]\d* 条未读$/, '原因：'],
  ] as const) {
    await withPage(browser, `creative-rejected-${locale}`, async ({ context, page }) => {
      await context.addInitScript((l) => localStorage.setItem('SC-LOCALE', l), locale);
      await loginViaApi(context, 'admin@demo.test');
      await page.goto(`/perf/creative?org=${GAMES.org}&adv=${GAMES.adv}`);
      const row = content(page).locator('.ant-table-row').filter({ hasText: 'Puzzle draft' });
      await row.getByText(reason, { exact: true }).waitFor();
      expect(await row.getByText('1007', { exact: true }).count()).toBe(0);

      await page.getByRole('button', { name: bell }).click();
      const notice = page.getByRole('listitem').filter({ hasText: 'Puzzle draft' });
      await notice.getByText(`${prefix}${reason}`, { exact: true }).waitFor();
      expect(await notice.textContent()).not.toContain('1007');
    });
  }
});
