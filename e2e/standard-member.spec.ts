import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, expectUrl, urlOf } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// guard.spec.ts covers /manage/partner, /manage/verify, /manage/payment and /finance/index for a
// standard member; these cover the markup settings and what the member pages leave out.

test('standard member: the markup settings are not offered and the page refuses to show markup', async () => {
  await withPage(browser, 'standard-markup', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/setting/account-markup?org=100001');
    await page.getByRole('heading', { name: 'Account markup' }).waitFor();
    await page.getByText('Only admins of agency business centers can manage markup.').waitFor();
    expect(page.url()).toBe(urlOf('/setting/account-markup?org=100001'));
    // No markup of any account is shown, and the settings navigation does not list the page.
    expect(await content(page).getByRole('table').count()).toBe(0);
    expect(await content(page).getByText('Northwind Shoes').count()).toBe(0);
    const nav = page.getByRole('menu');
    await nav.getByRole('menuitem', { name: 'User settings' }).waitFor();
    expect(await nav.getByRole('menuitem', { name: 'Markup' }).count()).toBe(0);

    // The API behind it refuses too.
    const res = await context.request.get('/scaler/v3/advs/markups', { headers: { 'org-id': '100001' } });
    expect(res.status()).toBe(403);
  });

  await withPage(browser, 'admin-markup', async ({ context, page }) => {
    // The org admin of the same center gets the page and its entry in the navigation.
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/setting/index?org=100001');
    await page.getByRole('menu').getByRole('menuitem', { name: 'Markup' }).click();
    await expectUrl(page, '/setting/account-markup?org=100001');
    await content(page).getByRole('row').filter({ hasText: 'Northwind Shoes' }).waitFor();
    expect(await page.getByText('Only admins of agency business centers can manage markup.').count()).toBe(0);
  });
});

test('standard member: the members page is read-only, without invitations', async () => {
  await withPage(browser, 'standard-members-read-only', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/manage/members?org=100001');
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await content(page).getByRole('row').filter({ hasText: 'admin@demo.test' }).waitFor();

    expect(await page.getByRole('button', { name: 'Invite members' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: /^Pending invitations/ }).count()).toBe(0);
    expect(await content(page).getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    for (const action of ['Change role', 'Remove']) {
      expect(await content(page).getByRole('button', { name: action }).count()).toBe(0);
    }

    // Inviting through the API is refused as well.
    const res = await context.request.post('/scaler/v3/bc/invitations', {
      headers: { 'org-id': '100001' },
      data: { emails: ['someone@e2e.test'], org_role: 'org_user', advs: [] },
    });
    expect(res.status()).toBe(403);
  });
});

test('standard member: the advertiser accounts page lists only assigned accounts, without admin actions', async () => {
  await withPage(browser, 'standard-accounts-read-only', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/manage/account?org=100001');
    await page.getByRole('heading', { name: 'Advertiser accounts' }).waitFor();
    const shoes = content(page).getByRole('row').filter({ hasText: 'Northwind Shoes' });
    await shoes.waitFor();
    await content(page).getByRole('row').filter({ hasText: 'Northwind Games' }).waitFor();
    expect(await content(page).getByRole('row').filter({ hasText: 'Northwind Travel' }).count()).toBe(0);

    expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    expect(await shoes.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await shoes.getByRole('button', { name: 'More actions for Northwind Shoes' }).count()).toBe(0);
    expect(await shoes.textContent()).toContain('Operator');
  });
});
