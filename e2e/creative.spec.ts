import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { expectUrl } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('creative: the viewer’s page works in both languages, and the server refuses the viewer everything else', async () => {
  await withPage(browser, 'creative-viewer-limited', async ({ context, page }) => {
    await loginViaApi(context, 'viewer@demo.test');
    await page.goto('/creative/index');
    await page.getByRole('banner').getByText('Creative viewer').waitFor();

    await page.getByRole('radiogroup', { name: 'Language' }).getByText('简体中文', { exact: true }).click();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    // Nothing the page asked for was refused.
    expect(await page.getByText('没有操作权限').count()).toBe(0);

    // The viewer is a member of Northwind, yet its data is refused, whatever the page's address says.
    for (const path of [
      '/scaler/v3/bc/list',
      '/scaler/v3/bc/members',
      '/scaler/v3/advs',
      '/scaler/v3/info/msg',
    ]) {
      const res = await context.request.get(path, { headers: { 'org-id': '100001' } });
      expect({ path, status: res.status() }).toEqual({ path, status: 403 });
    }
    await page.getByRole('button', { name: '退出登录' }).click();
    await expectUrl(page, '/login');
  });
});
