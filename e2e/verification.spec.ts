import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAgency, E2E_PASSWORD, signUpVerified, TINY_PNG, uniqueName } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, sideMenuTexts } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const FULL_AGENCY_ADMIN_MENU = [
  'Overview',
  'Members',
  'Partners',
  'Advertiser accounts',
  'Payment',
  'Finance center',
  'Business info',
  'Verification',
];

test('verification: a new center submits its license, the operator approves, the center becomes active', async () => {
  // A fresh center (engaged), so the seeded ones keep their states for the other tests.
  const owner = await signUpVerified('verify-owner');
  const orgName = uniqueName('E2E Verify');
  const org = await createAgency(owner, orgName);
  await owner.dispose();

  await withPage(browser, 'verification-submit', async ({ context, page }) => {
    await loginViaApi(context, owner.email, E2E_PASSWORD);
    await page.goto(`/manage/verify?org=${org}`);
    await page.getByRole('heading', { name: 'Verification', exact: true }).waitFor();
    await page.getByText('This business center awaits verification').waitFor();
    await content(page).getByText('Not submitted', { exact: true }).waitFor();
    expect(await sideMenuTexts(page)).toEqual(['Business info', 'Verification']);

    // Submitting without a license is stopped by the form.
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await page.getByText('Please upload at least one license file.', { exact: false }).waitFor();

    await content(page).locator('input[type=file]').setInputFiles({
      name: 'license.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await content(page).locator('.ant-upload-list-item-done').filter({ hasText: 'license.png' }).waitFor();
    await page.getByLabel('Note for the review team').fill('Registered in 2026.');
    await page.getByRole('button', { name: 'Submit for verification' }).click();

    await page.getByText('Submitted for verification. We will let you know the result.').waitFor();
    await content(page).getByText('Submitted, waiting for review', { exact: true }).waitFor();
    await page
      .getByText('Your business center is being reviewed. Only business settings are available', {
        exact: false,
      })
      .waitFor();
    const history = content(page).getByRole('row').filter({ hasText: 'Registered in 2026.' });
    expect(await history.textContent()).toContain('Pending');
    // The file is listed under the name it had on the user's computer.
    await history.getByRole('link', { name: 'license.png' }).waitFor();
    // The form is gone while the review runs.
    expect(await page.getByRole('button', { name: 'Submit for verification' }).count()).toBe(0);
  });

  await withPage(browser, 'verification-operator-approves', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool');
    await page.getByRole('tab', { name: 'Business centers', selected: true }).waitFor();
    const queue = page.getByRole('list', { name: 'Business center verifications' });
    await queue.getByRole('button', { name: new RegExp(orgName) }).click();
    await page.getByRole('heading', { name: orgName, level: 4 }).waitFor();
    await page.getByText('Registered in 2026.').waitFor();
    // The operator sees the license under its original name, previewed (served from this origin).
    const preview = page.getByRole('img', { name: 'Preview of license.png' });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Open license.png in a new tab' }).waitFor();

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Approve ${orgName} (${org})?`).waitFor();
    await page.getByRole('button', { name: 'Yes, approve' }).click();
    await page.getByText(`${orgName} was approved.`).waitFor();
    await queue.getByRole('button', { name: new RegExp(orgName) }).waitFor({ state: 'detached' });
  });

  await withPage(browser, 'verification-center-active', async ({ context, page }) => {
    await loginViaApi(context, owner.email, E2E_PASSWORD);
    await page.goto(`/manage/verify?org=${org}`);
    await content(page).getByText('Verified', { exact: true }).waitFor();
    await page.getByText('Your business center is verified and active.').waitFor();
    expect(await page.getByText('This business center awaits verification').count()).toBe(0);
    expect(await sideMenuTexts(page)).toEqual(FULL_AGENCY_ADMIN_MENU);
    const history = content(page).getByRole('row').filter({ hasText: 'Registered in 2026.' });
    expect(await history.textContent()).toContain('Approved');

    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page
      .getByText(`Business center "${orgName}" (${org}) passed verification and is active now.`)
      .waitFor();
    await page.getByRole('link', { name: 'View verification' }).waitFor();

    // The advertising features are open now: the center can create its first advertiser account.
    await page.keyboard.press('Escape');
    await page.goto(`/manage/account?org=${org}`);
    await page.getByRole('button', { name: 'Create account' }).first().waitFor();
  });
});
