import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loginViaApi, withPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('notices: the header popover shows its empty state to a user without notices', async () => {
  await withPage(browser, 'notices-empty', async ({ context, page }) => {
    await loginViaApi(context, 'brand@demo.test');
    await page.goto('/manage/overview?org=100002');
    const bell = page.getByRole('button', { name: 'Notifications, 0 unread' });
    await bell.click();
    await page.getByText('No notifications').waitFor();
    await page.getByText('Notifications', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
  });
});
