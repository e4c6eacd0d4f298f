import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  apiAs,
  createAccount,
  createActiveAccount,
  createActiveAgency,
  E2E_PASSWORD,
  TINY_PDF,
  uniqueName,
} from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, expectUrl, inChinese } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Narrows the account list to `name` with its search box (other tests add accounts too). */
async function searchAccounts(page: Page, name: string) {
  const search = page.getByRole('searchbox', { name: 'Search by account name or ID' });
  await search.fill(name);
  await search.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === name);
  const row = content(page).getByRole('row').filter({ hasText: name });
  await row.waitFor();
  return row;
}

/**
 * Opens a row's More menu and chooses an item. The menu is opened again when it is not showing a second
 * later: in one CI run the item was still missing 30 s after the click (not reproduced here, in the same
 * order of spec files), and a user would simply click again.
 */
async function chooseFromMore(page: Page, row: Locator, name: string, item: string) {
  const menuItem = page.getByRole('menuitem', { name: item });
  await expect
    .poll(
      async () => {
        if (!(await menuItem.isVisible())) {
          await row.getByRole('button', { name: `More actions for ${name}` }).click();
        }
        return menuItem.isVisible();
      },
      { timeout: 20_000, interval: 1_000 },
    )
    .toBe(true);
  await menuItem.click();
}

test('advertisers: create an account, the operator approves it, the admin is told and switches to it', async () => {
  const name = uniqueName('E2E Account');
  let advId = 0;

  await withPage(browser, 'advertisers-create', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/account?org=100001');
    await page.getByRole('heading', { name: 'Advertiser accounts' }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();

    const drawer = page.getByRole('dialog', { name: 'Create advertiser account' });
    await drawer
      .getByText('New accounts are reviewed by our team before they can run ads.', { exact: false })
      .waitFor();
    await drawer.getByLabel('Account name').fill(name);
    await drawer.getByLabel('Company name').fill('E2E Shoes Trading Ltd');
    await drawer.getByLabel('Profession').click();
    await page.locator('.ant-select-dropdown:visible').getByText('E-commerce', { exact: true }).click();
    await drawer.locator('input[type=file]').setInputFiles({
      name: 'license.pdf',
      mimeType: 'application/pdf',
      buffer: TINY_PDF,
    });
    // The upload is done when the file is listed without its progress bar.
    await drawer.locator('.ant-upload-list-item-done').filter({ hasText: 'license.pdf' }).waitFor();
    await drawer.getByRole('button', { name: 'Submit for review' }).click();

    await drawer.getByText('Submitted for review', { exact: true }).waitFor();
    const submitted = await drawer.getByText(`Account "${name}" (ID `, { exact: false }).textContent();
    advId = Number(/\(ID (\d+)\)/.exec(submitted ?? '')?.[1]);
    expect(advId).toBeGreaterThan(1000007);
    await drawer.getByRole('button', { name: 'Done' }).click();
    await drawer.waitFor({ state: 'hidden' });

    const row = await searchAccounts(page, name);
    expect(await row.textContent()).toContain('In review');
    expect(await row.getByRole('button', { name: 'Open' }).isDisabled()).toBe(true);
  });

  await withPage(browser, 'advertisers-operator-approves', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool');
    await page.getByRole('heading', { name: 'Operator review' }).waitFor();
    await page.getByRole('tab', { name: 'Advertiser accounts' }).click();

    const queue = page.getByRole('list', { name: 'Advertiser accounts' });
    await queue.getByRole('button', { name: new RegExp(name) }).click();
    await page.getByRole('heading', { name, level: 4 }).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(advId));
    // The license is listed under the name it was uploaded with.
    await page.getByRole('link', { name: 'Open license.pdf in a new tab' }).waitFor();

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Approve account ${name} (${advId})?`).waitFor();
    await page.getByRole('button', { name: 'Yes, approve' }).click();
    await page.getByText(`Account ${name} was approved.`).waitFor();
    // Approved accounts leave the review queue.
    await queue.getByRole('button', { name: new RegExp(name) }).waitFor({ state: 'detached' });
  });

  await withPage(browser, 'advertisers-admin-uses-approved', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/home/index?org=100001&adv=1000001');
    await page.getByRole('banner').getByText('Northwind Shoes').waitFor();

    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    await page
      .getByText(`Advertiser account "${name}" (${advId}) was approved and can be used now.`)
      .waitFor();
    await page.keyboard.press('Escape');

    // The switcher lists a page of the center's accounts; typing finds the rest on the server.
    const switcher = page.getByRole('combobox', { name: 'Advertiser account' });
    await switcher.click();
    await switcher.fill(name);
    await page.locator('.ant-select-dropdown:visible').getByText(name).click();
    await expectUrl(page, `/home/index?org=100001&adv=${advId}`);
    await page.getByRole('banner').getByText(name).waitFor();
  });
});

/** A zone's offset now, `-05:00`, as the console shows it. */
const offsetNow = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')
    ?.value.replace('GMT', '') || '+00:00';

test('advertisers: the account time zone is an IANA zone found by search, shown with its offset; part-hour zones cannot be chosen', {
  timeout: 150_000,
}, async () => {
  const name = uniqueName('E2E Zoned');
  const admin = await apiAs('admin@demo.test');
  await createAccount(admin, 100001, name);
  await admin.dispose();
  const ny = `America/New_York (UTC${offsetNow('America/New_York')})`;

  for (const language of ['en-US', 'zh-CN'] as const) {
    const en = language === 'en-US';
    await withPage(browser, `advertisers-time-zone-${language}`, async ({ context, page }) => {
      if (!en) await inChinese(context);
      await loginViaApi(context, 'admin@demo.test');
      await page.goto('/manage/account?org=100001');
      const search = page.getByRole('searchbox', {
        name: en ? 'Search by account name or ID' : '按账户名称或 ID 搜索',
      });
      await search.fill(name);
      await search.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === name);
      const row = content(page).getByRole('row').filter({ hasText: name });
      // The list of the search alone: the row does not move under the click.
      await content(page)
        .getByText(en ? 'Total 1' : '共 1 个', { exact: true })
        .waitFor();
      await row.getByRole('button', { name: en ? 'Edit' : '编辑' }).click();
      const drawer = page.getByRole('dialog', { name: en ? 'Edit advertiser account' : '编辑广告账户' });
      const zone = drawer.getByRole('combobox', { name: en ? 'Time zone' : '时区' });
      await drawer
        .getByText(
          en
            ? "The account's days, daily budgets, schedules and dayparting follow this time zone, daylight saving included. Reports use the time zone of the global settings."
            : '账户的日期、日预算、投放排期和分时段投放都按此时区计算（含夏令时）。报表使用全局设置中的时区。',
        )
        .waitFor();
      const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
      // India's +05:30 is listed, marked, and cannot be chosen.
      await zone.click();
      await zone.fill('kolkata');
      const kolkata = dropdown
        .locator('.ant-select-item-option')
        .filter({ hasText: /Asia\/(Kolkata|Calcutta)/ });
      await expect.poll(() => kolkata.textContent()).toContain(en ? 'not whole hours' : '非整小时');
      expect(await kolkata.getAttribute('aria-disabled')).toBe('true');
      if (en) {
        // New York, found by its name as people write it.
        await zone.fill('new york');
        await dropdown.getByText(ny, { exact: true }).click();
        await drawer.getByRole('button', { name: 'Save' }).click();
        await drawer.waitFor({ state: 'hidden' });
      } else {
        // The list closes, then the drawer, nothing changed.
        await page.keyboard.press('Escape');
        await expect.poll(() => zone.getAttribute('aria-expanded')).toBe('false');
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
      }
      // The account shows its zone by name, with its offset now.
      await expect.poll(async () => (await row.textContent()) ?? '').toContain(ny);
      if (!en) {
        await row.getByRole('button', { name: '详情' }).click();
        await page.getByRole('dialog', { name }).getByText(ny, { exact: true }).waitFor();
      }
    });
  }
});

test('advertisers: a closed account cannot be activated again', async () => {
  const name = uniqueName('E2E Closing');
  const admin = await apiAs('admin@demo.test');
  const advId = await createActiveAccount(admin, 100001, name);

  await withPage(browser, 'advertisers-close', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/account?org=100001');
    const row = await searchAccounts(page, name);
    expect(await row.textContent()).toContain('Active');

    await chooseFromMore(page, row, name, 'Close');
    const confirm = page.getByRole('dialog', { name: `Close account "${name}"?` });
    await confirm
      .getByText(`Account ${name} (${advId}) will stop delivering and nobody will be able to use it.`, {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole('button', { name: 'Close account' }).click();
    await page.getByText(`Account "${name}" is closed.`).waitFor();

    // Closed for good: not usable, not editable, nothing more to do with it.
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Closed');
    expect(await row.textContent()).toContain('Disabled');
    expect(await row.getByRole('button', { name: 'Open' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: `More actions for ${name}` }).count()).toBe(0);

    await row.getByRole('button', { name: 'Details' }).click();
    await page
      .getByRole('dialog', { name })
      .getByText('This account is closed. A closed account cannot be activated again.')
      .waitFor();

    // Saving the account again is refused by the server, with its message.
    const edit = await admin.call('PUT', `/scaler/v3/advs/${advId}`, {
      org: 100001,
      data: {
        adv_name: name,
        company_name: 'E2E Holdings Ltd',
        profession: 'ecommerce',
        currency: 'USD',
        timezone: '+00:00',
      },
    });
    expect(edit).toMatchObject({ code: 10103, msg: 'A closed account cannot be activated again.' });
  });
  await admin.dispose();

  await withPage(browser, 'advertisers-closed-operator', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    // The operator finds it among the disabled accounts, marked closed, with no decision to take.
    await page.goto('/sa/tool?tab=accounts');
    await page.getByRole('list', { name: 'Advertiser accounts' }).waitFor();
    // The status filter is a segmented control: its (visually hidden) radios are picked by their labels.
    await page
      .locator('label.ant-segmented-item')
      .filter({ hasText: /^Disabled$/ })
      .click();
    await expect.poll(() => page.getByRole('radio', { name: 'Disabled' }).isChecked()).toBe(true);
    await page.waitForURL((url) => url.searchParams.get('status') === '4');
    const item = page
      .getByRole('list', { name: 'Advertiser accounts' })
      .getByRole('button', { name: new RegExp(name) });
    await item.click();
    expect(await item.textContent()).toContain('Closed');
    await page.getByRole('heading', { name, level: 4 }).waitFor();
    await page.getByText('This account was closed by its center; no decision is possible.').waitFor();
    for (const action of ['Approve', 'Reactivate', 'Reject', 'Stop', 'Disable permanently']) {
      expect(await content(page).getByRole('button', { name: action, exact: true }).count()).toBe(0);
    }

    // Asking the API to activate it anyway is refused.
    const res = await context.request.post(`/scaler/sa/advs/${advId}/status`, {
      data: { status: 1, reason: '' },
      headers: { language: 'en-US' },
    });
    expect(await res.json()).toMatchObject({
      code: 10103,
      msg: 'A closed account cannot be activated again.',
    });
  });
});

test('advertisers: in a center of many accounts the switcher finds one by name, and the overview loads no lists', async () => {
  const { admin, org } = await createActiveAgency('e2e-many');
  const first = uniqueName('E2E First');
  const firstId = await createActiveAccount(admin, org, first);
  // More accounts than the switcher shows at once, then the one to find, created last (highest id).
  for (let i = 0; i < 24; i++) await createAccount(admin, org, `E2E Filler ${String(i).padStart(2, '0')}`);
  const far = uniqueName('E2E Far');
  const farId = await createActiveAccount(admin, org, far);
  await admin.dispose();

  await withPage(browser, 'advertisers-many', async ({ context, page }) => {
    await loginViaApi(context, admin.email, E2E_PASSWORD);
    await page.goto(`/home/index?org=${org}&adv=${firstId}`);
    const switcher = page.getByRole('combobox', { name: 'Advertiser account' });
    await switcher.click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.getByText('Showing 20 of 26 accounts: type to search by name or ID.').waitFor();
    expect(await dropdown.getByText(far).count()).toBe(0);
    await switcher.fill('E2E Far');
    await dropdown.getByText(far).click();
    await expectUrl(page, `/home/index?org=${org}&adv=${farId}`);

    // The overview names the log's accounts from the entries themselves: no account, member or
    // partner list is loaded for it.
    const lists: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (['/scaler/v3/advs', '/scaler/v3/bc/members', '/scaler/v3/bc/partners'].includes(pathname)) {
        lists.push(pathname);
      }
    });
    await page.goto(`/manage/overview?org=${org}`);
    const activity = content(page).locator('.ant-card').filter({ hasText: 'Recent activity' });
    await activity.getByText(`approved advertiser account ${far} (${farId})`).waitFor();
    expect(lists).toEqual([]);
  });
});
