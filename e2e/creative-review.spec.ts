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
});
