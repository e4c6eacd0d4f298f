import { type Browser, type Locator, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, expectUrl, inChinese } from './support/console';

/**
 * Exchanges (issue 21): a platform operator registers an ad exchange in /sa/tool, hands its endpoint and
 * its token (shown once) to the exchange, replaces the token and switches the exchange off. The tests
 * run in order on one exchange; the bid endpoint is called as an exchange would call it.
 */

const OPERATOR = 'operator@demo.test';
const name = `E2E Exchange ${Date.now().toString(36)}`;
let browser: Browser;
/** What the first test learned: the exchange's endpoint and its current token. */
let endpoint = '';
let token = '';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The exchange's row in the list. */
const rowOf = (page: Page) => content(page).getByRole('row').filter({ hasText: name });

async function openTab(page: Page) {
  await page.goto('/sa/tool?tab=exchanges');
  await page.getByRole('tab', { name: 'Exchanges', selected: true }).waitFor();
}

/**
 * Reads the token dialog: the token (from its Authorization header line, checked to show the token
 * alone as well) and the endpoint; then closes it with its one button.
 */
async function takeToken(page: Page): Promise<{ token: string; endpoint: string }> {
  const dialog = page.getByRole('dialog', { name: `Token of ${name}` });
  await dialog
    .getByText('Copy the token now: it is shown only this once and cannot be displayed again.', {
      exact: false,
    })
    .waitFor();
  const header = (await dialog.getByText(/^Authorization: Bearer /).textContent()) ?? '';
  const shown = header.replace(/^Authorization: Bearer /, '');
  expect(shown.length).toBeGreaterThanOrEqual(16);
  await dialog.getByText(shown, { exact: true }).waitFor();
  const url = (await dialog.getByText(/\/rtb\/bid\/\d+$/).textContent()) ?? '';
  await dialog.getByRole('button', { name: 'I have copied the token' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return { token: shown, endpoint: url };
}

/** The HTTP status of a bid request as an exchange sends it: an empty (malformed) OpenRTB request. */
async function bidStatus(url: string, bearer: string): Promise<number> {
  const exchange = await request.newContext();
  try {
    const res = await exchange.post(url, {
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      data: {},
    });
    return res.status();
  } finally {
    await exchange.dispose();
  }
}

/**
 * Chooses `label` in an antd Select with the keyboard, as a keyboard user would: arrows move through
 * the options (the list names the active one), Enter picks it.
 */
async function chooseWithKeyboard(page: Page, field: Locator, label: string) {
  await field.focus();
  await field.press('ArrowDown');
  for (let step = 0; step < 10; step++) {
    const active = await field.getAttribute('aria-activedescendant');
    if (active && (await page.locator(`[id="${active}"]`).getAttribute('aria-label')) === label) break;
    await field.press('ArrowDown');
  }
  await field.press('Enter');
  await field
    .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]')
    .getByText(label, { exact: true })
    .first()
    .waitFor();
}

/** Waits until the status switch of the row reads `checked`. */
const expectSwitch = async (row: Locator, checked: boolean) =>
  expect
    .poll(() => row.getByRole('switch', { name: `Accept bid requests from ${name}` }).isChecked())
    .toBe(checked);

test('exchanges: an operator registers an exchange, copies its token shown once, and the token works', async () => {
  await withPage(browser, 'exchanges-register', async ({ context, page }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await loginViaApi(context, OPERATOR);
    await page.goto('/sa/tool');
    await page.getByRole('tab', { name: 'Exchanges' }).click();
    await expectUrl(page, '/sa/tool?tab=exchanges');

    await content(page).getByRole('button', { name: 'Register exchange' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register exchange' });
    // Second price is the default; the currency must be chosen.
    await dialog.getByText('Second price', { exact: true }).waitFor();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Register and show token' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await chooseWithKeyboard(page, dialog.getByLabel('Auction type'), 'First price');
    await chooseWithKeyboard(page, dialog.getByLabel('Currency'), 'USD');
    await dialog.getByRole('button', { name: 'Register and show token' }).click();

    const tokenDialog = page.getByRole('dialog', { name: `Token of ${name}` });
    await tokenDialog.getByRole('button', { name: 'Copy Token', exact: true }).click();
    await page.getByText('Token copied to the clipboard.').waitFor();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    ({ token, endpoint } = await takeToken(page));
    expect(clipboard).toBe(token);
    expect(endpoint).toMatch(new RegExp(`^${baseUrl()}/rtb/bid/\\d+$`));

    // The list shows the token's last four characters only, next to what the form set.
    const row = rowOf(page);
    await row.getByText(`••••${token.slice(-4)}`, { exact: true }).waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(endpoint);
    expect(text).toContain('First price');
    expect(text).toContain('USD');
    expect(text).toContain('Enabled');
    expect(text).toContain('0.00 USD');
    expect(text).not.toContain(token);
    await expectSwitch(row, true);
    await row.getByRole('button', { name: 'Copy Endpoint' }).waitFor();
  });

  // The token opens the bid endpoint: an empty request is malformed (400), not unauthorised (401), and a
  // wrong token is refused.
  expect(await bidStatus(endpoint, token)).toBe(400);
  expect(await bidStatus(endpoint, `${token}x`)).toBe(401);
});

test('exchanges: a name already taken is refused on the name field', async () => {
  expect(token).not.toBe('');
  await withPage(browser, 'exchanges-name-taken', async ({ context, page }) => {
    await loginViaApi(context, OPERATOR);
    await openTab(page);
    await content(page).getByRole('button', { name: 'Register exchange' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register exchange' });
    await chooseWithKeyboard(page, dialog.getByLabel('Currency'), 'EUR');
    // Names differ only in case: still the same name. Enter in the field submits the form.
    const field = dialog.getByLabel('Name');
    await field.fill(name.toUpperCase());
    await field.press('Enter');
    await dialog.getByText('Another exchange already has this name.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // No second row: `hasText` as a regular expression is case-sensitive.
    const upper = new RegExp(name.toUpperCase());
    expect(await content(page).getByRole('row').filter({ hasText: upper }).count()).toBe(0);
  });
});

test('exchanges: replacing the token asks first, shows a new token, and the old one stops working', async () => {
  expect(token).not.toBe('');
  const old = token;
  await withPage(browser, 'exchanges-replace-token', async ({ context, page }) => {
    await loginViaApi(context, OPERATOR);
    await openTab(page);
    const row = rowOf(page);
    await row.getByText(`••••${old.slice(-4)}`, { exact: true }).waitFor();

    // Cancelling the confirmation changes nothing.
    await row.getByRole('button', { name: `Replace the token of ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Replace the token of ${name}?` });
    await confirm
      .getByText(`The current token (••••${old.slice(-4)}) stops working at once`, { exact: false })
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByText(`••••${old.slice(-4)}`, { exact: true }).waitFor();

    await row.getByRole('button', { name: `Replace the token of ${name}` }).click();
    await confirm.getByRole('button', { name: 'Replace token' }).click();
    ({ token } = await takeToken(page));
    expect(token).not.toBe(old);
    expect(token.slice(-4)).not.toBe(old.slice(-4));
    await row.getByText(`••••${token.slice(-4)}`, { exact: true }).waitFor();
  });

  expect(await bidStatus(endpoint, old)).toBe(401);
  expect(await bidStatus(endpoint, token)).toBe(400);
});

test('exchanges: switched off with the keyboard, an exchange shows disabled after a reload', async () => {
  expect(token).not.toBe('');
  await withPage(browser, 'exchanges-switch-off', async ({ context, page }) => {
    await loginViaApi(context, OPERATOR);
    await openTab(page);
    const row = rowOf(page);
    const status = row.getByRole('switch', { name: `Accept bid requests from ${name}` });
    await status.focus();
    await page.keyboard.press('Space');
    await page.getByText(`${name} is disabled: its bid requests are refused.`).waitFor();

    await page.reload();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await expectSwitch(row, false);
    expect(await row.getByText('Enabled', { exact: true }).count()).toBe(0);
  });
  // The exchange notices: its bid requests are refused although its token is right.
  await expect.poll(() => bidStatus(endpoint, token)).toBe(403);
});

test('exchanges: the edit form changes the auction type and keeps the token', async () => {
  expect(token).not.toBe('');
  await withPage(browser, 'exchanges-edit', async ({ context, page }) => {
    await loginViaApi(context, OPERATOR);
    await openTab(page);
    const row = rowOf(page);
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    expect(await dialog.getByLabel('Name').inputValue()).toBe(name);
    await chooseWithKeyboard(page, dialog.getByLabel('Auction type'), 'Second price');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${name} is saved.`).waitFor();
    await row.getByText('Second price', { exact: true }).waitFor();
    await row.getByText(`••••${token.slice(-4)}`, { exact: true }).waitFor();
  });
});

test('exchanges: an empty list explains what an exchange is; a failed load offers a retry', async () => {
  await withPage(browser, 'exchanges-empty-error', async ({ context, page }) => {
    await loginViaApi(context, OPERATOR);
    await page.route('**/scaler/sa/exchanges', (route) =>
      route.fulfill({ json: { code: 0, msg: '', data: { list: [] } } }),
    );
    await openTab(page);
    await content(page).getByText('No exchange registered yet.').waitFor();
    await content(page)
      .getByText('the exchange posts OpenRTB bid requests to that endpoint', { exact: false })
      .waitFor();
    await content(page).getByRole('button', { name: 'Register exchange' }).waitFor();

    await page.unroute('**/scaler/sa/exchanges');
    await page.route('**/scaler/sa/exchanges', (route) => route.fulfill({ status: 500, body: '' }));
    await page.reload();
    await content(page).getByText('This content could not be loaded.').waitFor();
    await page.unroute('**/scaler/sa/exchanges');
    await content(page).getByRole('button', { name: 'Retry' }).click();
    await rowOf(page).waitFor();
  });
});

test('exchanges: the tab speaks Chinese to a Chinese reader', async () => {
  expect(token).not.toBe('');
  await withPage(
    browser,
    'exchanges-zh',
    async ({ context, page }) => {
      await inChinese(context);
      await loginViaApi(context, OPERATOR);
      await page.goto('/sa/tool?tab=exchanges');
      await page.getByRole('tab', { name: '交易平台', selected: true }).waitFor();
      for (const header of ['名称', '接入地址', '竞拍方式', '币种', '令牌', '今日（UTC）', '花费']) {
        await content(page).getByRole('columnheader', { name: header, exact: true }).waitFor();
      }
      const row = rowOf(page);
      await row.getByText('第二价格', { exact: true }).waitFor();
      await row.getByText('已停用', { exact: true }).waitFor();
      await row.getByRole('button', { name: `更换 ${name} 的令牌` }).waitFor();
      await content(page).getByRole('button', { name: '注册交易平台' }).click();
      const dialog = page.getByRole('dialog', { name: '注册交易平台' });
      await dialog.getByText('竞价服务只为该币种的广告账户出价。').waitFor();
      expect(await content(page).getByText('Register exchange').count()).toBe(0);
    },
    { locale: 'zh-CN' },
  );
});
