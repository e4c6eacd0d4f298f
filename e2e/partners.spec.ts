import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiAs, createActiveAccount, createActiveAgency, E2E_PASSWORD, uniqueName } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, expectUrl } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The row of a table on the page that mentions `text`. */
const rowWith = (page: Page, text: string) => content(page).getByRole('row').filter({ hasText: text });

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Advertiser account' });

/** Opens the header's advertiser switcher and returns its visible dropdown. */
async function openSwitcher(page: Page) {
  await switcher(page).click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.waitFor();
  return dropdown;
}

test('partners: the seeded partner Lakeside sees the shared Northwind Games and works on it', async () => {
  await withPage(browser, 'partners-lakeside-shared', async ({ context, page }) => {
    await loginViaApi(context, 'partner@demo.test');
    await page.goto('/manage/account?org=100006');
    await page.getByRole('heading', { name: 'Advertiser accounts' }).waitFor();

    const row = rowWith(page, 'Northwind Games');
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('ID: 1000002');
    expect(text).toContain('Northwind Agency');
    expect(text).toContain('Shared');
    expect(text).toContain('Operator');
    // A shared account belongs to its owner: the partner assigns it to its members, but neither
    // edits nor closes it.
    expect(await row.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await row.getByRole('button', { name: 'More actions for Northwind Games' }).click();
    await page.getByRole('menuitem', { name: 'Assign members' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Assign members' }).waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Open' }).click();
    await expectUrl(page, '/home/index?org=100006&adv=1000002');
    await page.getByRole('banner').getByText('Northwind Games').waitFor();

    // The switcher of the partner center offers the shared account, and nothing of Northwind's own.
    const dropdown = await openSwitcher(page);
    await dropdown.getByText('Northwind Games').waitFor();
    expect(await dropdown.getByText('Northwind Shoes').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The partners page of Lakeside names who shares with it.
    await page.goto('/manage/partner?org=100006');
    const incoming = rowWith(page, 'Northwind Agency');
    await incoming.waitFor();
    expect(await incoming.textContent()).toContain('100001');
    expect(await incoming.textContent()).toContain('Northwind Games');
  });
});

test('partners: center A asks, center B’s admin accepts, A shares accounts and B’s admin works on them', async () => {
  // A new, active agency center with its own admin, and two fresh approved Northwind accounts to share.
  const partner = await createActiveAgency('partner-admin');
  const northwind = await apiAs('admin@demo.test');
  const firstName = uniqueName('Shared A');
  const secondName = uniqueName('Shared B');
  const first = await createActiveAccount(northwind, 100001, firstName);
  const second = await createActiveAccount(northwind, 100001, secondName);
  await northwind.dispose();

  // Northwind's admin asks: nothing is a partnership yet, the request waits for the other center.
  await withPage(browser, 'partners-request', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/partner?org=100001');
    await page.getByRole('heading', { name: 'Partners' }).waitFor();

    await page.getByRole('button', { name: 'Add partner' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add partner' });
    await add.getByLabel('Business center ID').fill(String(partner.org));
    await add.getByRole('button', { name: 'Send request' }).click();
    await page
      .getByText(
        `Request sent to ${partner.orgName} (${partner.org}). It becomes your partner when an admin there accepts.`,
      )
      .waitFor();
    await add.waitFor({ state: 'hidden' });
    // Listed among the requests sent, with no sharing possible yet.
    await page.getByText(/^Requests you sent \(\d+\)$/).waitFor();
    const request = rowWith(page, partner.orgName);
    await request.waitFor();
    expect(await request.textContent()).toContain('Waiting for their answer');
    await request.getByRole('button', { name: 'Cancel request' }).waitFor();
    expect(await request.getByRole('button', { name: 'Share accounts' }).count()).toBe(0);
  });

  // The other center's admin is told, and accepts on its partners page.
  await withPage(browser, 'partners-accept', async ({ context, page }) => {
    await loginViaApi(context, partner.admin.email, E2E_PASSWORD);
    await page.goto(`/manage/overview?org=${partner.org}`);
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    await page
      .getByText(
        '"Northwind Agency" (100001) asks to add your business center as a partner. Accept or decline it on the Partners page.',
      )
      .waitFor();
    await page.getByRole('link', { name: 'View partners' }).first().click();
    await expectUrl(page, `/manage/partner?org=${partner.org}`);
    const incoming = rowWith(page, 'Northwind Agency');
    await incoming.waitFor();
    expect(await incoming.textContent()).toContain('admin@demo.test');
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await page
      .getByRole('dialog', { name: 'Accept Northwind Agency (100001) as a partner?' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await page.getByText('Northwind Agency is now a partner of your business center.').waitFor();
    // Northwind shares nothing yet; it is listed among the centers sharing with us.
    await incoming.filter({ hasText: 'Partner, no accounts shared yet' }).waitFor();
  });

  // Now a partner: Northwind's admin shares two accounts.
  await withPage(browser, 'partners-share', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/partner?org=100001');
    const row = rowWith(page, partner.orgName);
    await row.waitFor();
    expect(await row.textContent()).toContain('Nothing shared yet');
    expect(await page.getByText('Requests you sent').count()).toBe(0);
    await row.getByRole('button', { name: 'Share accounts' }).click();

    const share = page.getByRole('dialog', { name: `Share accounts with ${partner.orgName}` });
    await share.waitFor();
    // Nothing changed yet: nothing to save.
    expect(await share.getByRole('button', { name: 'Save sharing' }).isDisabled()).toBe(true);
    // The picker pages the center's accounts by id (10 a page) and the run has made many: find each by
    // name, as a user would; a tick survives the next search.
    const search = share.getByRole('searchbox', { name: 'Search by account name or ID' });
    for (const name of [firstName, secondName]) {
      await search.fill(name);
      await search.press('Enter');
      await share.getByRole('checkbox', { name: `Select ${name}` }).check();
    }
    await share.getByText('2 accounts selected').waitFor();
    await share.getByRole('combobox', { name: `Account role on ${secondName}` }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('Analyst', { exact: true }).click();
    await share.getByRole('button', { name: 'Save sharing' }).click();
    await page.getByText(`Sharing with ${partner.orgName} was saved.`).waitFor();
    await share.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain(firstName);
    expect(await row.textContent()).toContain(secondName);
  });

  // The partner's admin sees the shared accounts and works on them.
  await withPage(browser, 'partners-partner-uses-shares', async ({ context, page }) => {
    await loginViaApi(context, partner.admin.email, E2E_PASSWORD);
    await page.goto(`/manage/account?org=${partner.org}`);
    const firstRow = rowWith(page, firstName);
    await firstRow.waitFor();
    expect(await firstRow.textContent()).toContain('Northwind Agency');
    expect(await firstRow.textContent()).toContain('Shared');
    const secondRow = rowWith(page, secondName);
    expect(await secondRow.textContent()).toContain('Analyst');

    // The advertising area opens the first shared account; the switcher moves to the other.
    await page.goto(`/home/index?org=${partner.org}`);
    await expectUrl(page, `/home/index?org=${partner.org}&adv=${first}`);
    await page.getByRole('banner').getByText(firstName).waitFor();
    const dropdown = await openSwitcher(page);
    await dropdown.getByText(secondName).click();
    await expectUrl(page, `/home/index?org=${partner.org}&adv=${second}`);
    await page.getByRole('banner').getByText(secondName).waitFor();

    // The partner is told that Northwind shares accounts with it.
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    await page.getByText('"Northwind Agency" (100001) changed the accounts it shares with you.').waitFor();
  });
  await partner.admin.dispose();
});
