import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAccount, createActiveAgency, E2E_PASSWORD } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, expectUrl, inChinese } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('overview: a new agency is shown its first steps, an advertiser account and then the team', async () => {
  const { admin, org, orgName } = await createActiveAgency('getting-started');
  try {
    await withPage(browser, 'overview-getting-started', async ({ context, page }) => {
      await loginViaApi(context, admin.email, E2E_PASSWORD);
      await page.goto(`/manage/overview?org=${org}`);
      await page.getByRole('heading', { name: orgName }).waitFor();
      const steps = content(page).locator('.ant-card').filter({ hasText: 'Get started' });
      await steps.getByText('Create an advertiser account').waitFor();
      await steps.getByText('Invite your team').waitFor();
      // One next step at a time: the account first.
      expect(await steps.getByRole('button').allInnerTexts()).toEqual(['Create advertiser account']);
      await steps.getByRole('button', { name: 'Create advertiser account' }).click();
      // The button opens what it names: the create form, over the account list.
      await page
        .getByRole('dialog', { name: 'Create advertiser account' })
        .getByLabel('Account name')
        .waitFor();
      await expectUrl(page, `/manage/account?org=${org}`);

      // With an account (even in review), the team is next.
      await createAccount(admin, org, 'First Steps Shoes');
      await page.goto(`/manage/overview?org=${org}`);
      await steps.getByRole('button', { name: 'Invite members' }).waitFor();
      expect(await steps.getByRole('button', { name: 'Create advertiser account' }).count()).toBe(0);
      await steps.getByRole('button', { name: 'Invite members' }).click();
      await expectUrl(page, `/manage/members?org=${org}`);
    });
    await withPage(browser, 'overview-getting-started-zh', async ({ context, page }) => {
      await inChinese(context);
      await loginViaApi(context, admin.email, E2E_PASSWORD);
      await page.goto(`/manage/overview?org=${org}`);
      const steps = content(page).locator('.ant-card').filter({ hasText: '快速开始' });
      await steps.getByText('邀请团队成员').waitFor();
      await steps.getByRole('button', { name: '邀请成员' }).waitFor();
    });
  } finally {
    await admin.dispose();
  }
});

test('overview: the first steps are not shown to a center that has taken them', async () => {
  await withPage(browser, 'overview-no-steps', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
    await content(page).getByText('Members').first().waitFor();
    expect(await page.getByText('Get started').count()).toBe(0);
  });
});
