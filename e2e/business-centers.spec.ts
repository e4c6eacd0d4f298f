import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { expectSelectedMenu, expectUrl, inChinese } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The picker card of a center: the smallest block holding its name and its "ID: n" line. */
const card = (page: Page, id: number) =>
  page
    .locator('.ant-card')
    .filter({ hasText: `ID: ${id}` })
    .last();

test('business-centers: the picker lists every center of the user with type, role and status', async () => {
  await withPage(browser, 'bc-picker-list', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/select');
    await page.getByRole('heading', { name: 'Select a business center' }).waitFor();
    await page.getByText('3 business centers').waitFor();

    const northwind = card(page, 100001);
    await northwind.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
    expect(await northwind.textContent()).toMatch(/Agency[\s\S]*Admin[\s\S]*Active/);

    const bluebird = card(page, 100002);
    await bluebird.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();
    expect(await bluebird.textContent()).toMatch(/Advertiser[\s\S]*Standard[\s\S]*Active/);

    // A disabled center is listed but cannot be opened.
    const oldMill = card(page, 100005);
    await oldMill.getByRole('heading', { name: 'Old Mill Ads' }).waitFor();
    expect(await oldMill.textContent()).toContain('Disabled');
    expect(await oldMill.getByRole('button', { name: 'Open' }).isDisabled()).toBe(true);

    await northwind.getByRole('button', { name: 'Open' }).click();
    await expectUrl(page, '/manage/overview?org=100001');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
  });
});

test('business-centers: search the picker by name or ID', async () => {
  await withPage(browser, 'bc-picker-search', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/select');
    const search = page.getByRole('searchbox', { name: 'Search by name or ID' });
    await search.fill('bluebird');
    await search.press('Enter');
    await page.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('bluebird');
    // Bluebird is on the unfiltered page too: wait for the filtered answer to replace it.
    await expect.poll(() => page.getByRole('heading', { name: 'Northwind Agency' }).count()).toBe(0);

    await search.fill('100005');
    await search.press('Enter');
    await page.getByRole('heading', { name: 'Old Mill Ads' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Bluebird Retail' }).count()).toBe(0);

    // The count under the search reads as English: one center is "1 business center".
    await page.getByText(/^\d+ business centers?$/).waitFor();
    expect(await page.getByText(/^\d+ business centers?$/).textContent()).toBe('1 business center');
  });
});

test('business-centers: centers awaiting verification open at their business settings', async () => {
  await withPage(browser, 'bc-picker-pending', async ({ context, page }) => {
    await loginViaApi(context, 'pending@demo.test');
    await page.goto('/select');
    const harbor = card(page, 100003);
    await harbor.getByRole('heading', { name: 'Harbor Media' }).waitFor();
    expect(await harbor.textContent()).toContain('Engaged');
    const summit = card(page, 100004);
    expect(await summit.textContent()).toContain('In review');

    await harbor.getByRole('button', { name: 'Business settings' }).click();
    await expectUrl(page, '/manage/setting?org=100003');
    await page.getByText('This business center awaits verification').waitFor();
    await expectSelectedMenu(page, 'Business info');
  });
});

test('business-centers: the overview shows the center with its ID, type, status and role', async () => {
  await withPage(browser, 'bc-overview', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/manage/overview?org=100001');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
    const facts = await page.locator('.ant-descriptions').textContent();
    expect(facts).toMatch(/Business center ID\s*100001/);
    expect(facts).toMatch(/Type\s*Agency/);
    expect(facts).toMatch(/Status\s*Active/);
    expect(facts).toMatch(/Your role\s*Standard/);

    // A standard member counts only the two accounts assigned to them.
    await page.getByText('Your advertiser accounts (2)').waitFor();
    await page.getByText('View members').click();
    await expectUrl(page, '/manage/members?org=100001');
  });
});

test('business-centers: the create form checks required and formatted fields before sending', async () => {
  await withPage(browser, 'bc-create-validation', async ({ context, page }) => {
    await loginViaApi(context, 'brand@demo.test');
    await page.goto('/create-bc');
    await page.getByRole('heading', { name: 'Create business center' }).waitFor();
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    const required = page.getByText('This field is required.');
    await expect.poll(() => required.count()).toBe(3);
    for (const field of ['Business center name', 'Company name']) {
      expect(await page.getByRole('textbox', { name: field }).getAttribute('aria-invalid')).toBe('true');
    }
    expect(await page.getByRole('combobox', { name: 'Profession' }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    await page.getByLabel('Corporate website').fill('example.com');
    await page.getByLabel('Telephone').fill('call me');
    await page.getByText('Please enter a valid URL starting with http:// or https://.').waitFor();
    await page.getByText('Please enter a valid phone number.').waitFor();

    // Nothing was created: the page stays and brand@demo.test still has only Bluebird Retail.
    expect(page.url()).toContain('/create-bc');
    const centers = (await (await page.request.get('/scaler/v3/bc/list')).json()).data as {
      org_id: number;
    }[];
    expect(centers.map((c) => c.org_id)).toEqual([100002]);
  });
});

test('business-centers: the name field shows its limit and takes no more than it', async () => {
  await withPage(browser, 'bc-create-limit', async ({ context, page }) => {
    await loginViaApi(context, 'brand@demo.test');
    await page.goto('/create-bc');
    const name = page.getByRole('textbox', { name: 'Business center name' });
    await name.fill('N'.repeat(65));
    // The shared schema's limit (64 characters) with a counter: the 65th character is not taken.
    expect(await name.inputValue()).toHaveLength(64);
    await page.getByText('64 / 64', { exact: true }).waitFor();
    expect(await name.getAttribute('aria-invalid')).not.toBe('true');
  });
});

test('business-centers: a center card opens the center wherever it is clicked, and from the keyboard', async () => {
  await withPage(browser, 'bc-picker-card-click', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/select');
    const northwind = card(page, 100001);
    await northwind.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
    // A click on the card's free space (its ID line), not on the button.
    await northwind.getByText('ID: 100001').click();
    await expectUrl(page, '/manage/overview?org=100001');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();

    // The keyboard reaches the center by its name: a link that Enter follows.
    await page.goto('/select');
    const link = card(page, 100002).getByRole('link', { name: 'Bluebird Retail' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expectUrl(page, '/manage/overview?org=100002');

    // A disabled center stays closed: a click on its card goes nowhere.
    await page.goto('/select');
    const oldMill = card(page, 100005);
    await oldMill.getByText('ID: 100005').click();
    expect(await oldMill.getByRole('link').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/select');
  });
}, 120_000);

test('business-centers: "Upload logo" is one button, without the browser\'s file input beside it', async () => {
  for (const [locale, label] of [
    ['en-US', 'Upload logo'],
    ['zh-CN', '上传标志'],
  ] as const) {
    await withPage(
      browser,
      `bc-upload-logo-${locale}`,
      async ({ context, page }) => {
        if (locale === 'zh-CN') await inChinese(context);
        await loginViaApi(context, 'admin@demo.test');
        await page.goto('/manage/setting?org=100001');
        // (The form's label "Logo" names the button; its text says what it does.)
        const button = page.locator('button', { hasText: label });
        await button.waitFor({ timeout: 60_000 });
        expect(await page.locator('input[type=file]').first().isVisible()).toBe(false);
        // The button is the control: from the keyboard it opens the file chooser.
        const chooser = page.waitForEvent('filechooser');
        await button.focus();
        await page.keyboard.press('Enter');
        await chooser;
      },
      { locale },
    );
  }
}, 120_000);
