import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { chooseHeaderLanguage } from './support/console';

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

test('notices: switching the interface to Chinese shows the notices in Chinese', async () => {
  await withPage(browser, 'notices-chinese', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const english = page.getByText('Advertiser account "Northwind Stopped" (1000005) was stopped.');
    await english.waitFor();
    await page.keyboard.press('Escape');
    await english.waitFor({ state: 'hidden' });

    await chooseHeaderLanguage(page, 'Language', '简体中文');
    await page.getByRole('button', { name: /^通知，[1-9]\d* 条未读$/ }).click();
    await page.getByText('广告账户“Northwind Stopped”（1000005）已被暂停。').waitFor();
    await page.getByText('广告账户“Northwind Rejected”（1000004）已被拒绝。').waitFor();
    expect(await english.count()).toBe(0);
    // The operator's reason is shown as the operator wrote it (in the notice: the overview's recent
    // activity behind the popover may show it too).
    await page
      .getByRole('list', { name: '未读通知' })
      .getByText(/billing details are updated/)
      .waitFor();
  });
});
