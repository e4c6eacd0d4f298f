import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Api, createActiveAccount, createActiveAgency, E2E_PASSWORD } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, expectUrl } from './support/console';

/**
 * Finance (issue 20): a fresh agency center with two active accounts and no money. Its admin asks for a
 * top-up, the operator confirms it in /sa/tool, the admin reads the notice and the balance, moves money
 * to one account and to both at once, and is refused what is not there. The tests run in order and each
 * starts from the balances the one before left.
 */

let browser: Browser;
let admin: Api;
let org: number;
let orgName: string;
let shoes: number;
let games: number;
let reference = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ admin, org, orgName } = await createActiveAgency('finance-admin'));
  shoes = await createActiveAccount(admin, org, 'E2E Fin Shoes');
  games = await createActiveAccount(admin, org, 'E2E Fin Games');
});
afterAll(async () => {
  await admin?.dispose();
  await browser?.close();
});

/** The center's USD wallet card. */
const wallet = (page: Page) => page.getByRole('region', { name: 'USD wallet of the business center' });
/** A row of a table of the page's content holding `text`. */
const rowWith = (page: Page, text: string) => content(page).getByRole('row').filter({ hasText: text });

/** Waits until the balance cell of an account's row (after the selection, account and status cells) reads `amount`. */
async function expectAccountBalance(page: Page, name: string, amount: string) {
  await rowWith(page, name).locator('td').nth(3).getByText(amount, { exact: true }).waitFor();
}

/** Waits until the figure `label` of the wallet card reads exactly `amount`. */
async function expectWalletFigure(page: Page, label: string, amount: string) {
  const figure = wallet(page)
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();
  await figure.getByText(amount, { exact: true }).waitFor();
}

test('finance: an admin requests a top-up and sees the reference and the bank details to pay with', async () => {
  await withPage(browser, 'finance-topup-request', async ({ context, page }) => {
    await loginViaApi(context, admin.email, E2E_PASSWORD);
    await page.goto(`/manage/payment?org=${org}`);
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
    await wallet(page).getByText('Not opened yet', { exact: true }).waitFor();
    await expectWalletFigure(page, 'Balance', '0.00 USD');
    await content(page).getByText('No top-up requested yet.').waitFor();

    // The domain's amount rules are checked before anything is sent.
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.fill('1000.001');
    await page.getByRole('button', { name: 'Request top-up' }).click();
    await page.getByText('USD amounts have at most 2 decimals.').waitFor();

    await amount.fill('1000');
    await page.getByRole('button', { name: 'Request top-up' }).click();
    await page.getByText('Your top-up of 1,000.00 USD is requested. Pay it now by bank transfer:').waitFor();
    const instruction = page.getByText(/^Put the reference TU[A-Z2-9]{10} on your bank transfer$/);
    reference = /TU[A-Z2-9]{10}/.exec((await instruction.textContent()) ?? '')?.[0] ?? '';
    expect(reference).toMatch(/^TU[A-Z2-9]{10}$/);
    // The bank details of the instance (its defaults here), each with its copy button.
    for (const [label, value] of [
      ['Reference', reference],
      ['Account name', 'Scaler Console (set BANK_ACCOUNT_NAME)'],
      ['Bank', 'Example Bank'],
      ['Account number', '000-000000-000'],
      ['SWIFT / BIC', 'EXAMPLEXXX'],
    ]) {
      await content(page).getByText(value, { exact: true }).first().waitFor();
      await content(page)
        .getByRole('button', { name: `Copy ${label}` })
        .waitFor();
    }

    // The request is listed as pending; its payment details can be opened again.
    const row = content(page).locator('.ant-table-row').filter({ hasText: reference });
    await row.getByText('Pending', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('1,000.00 USD');
    await row.getByRole('button', { name: 'Payment details' }).click();
    const details = page.getByRole('dialog', { name: `How to pay top-up ${reference}` });
    await details.getByText('000-000000-000', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // The status filter lives in the URL.
    await content(page)
      .locator('.ant-segmented-item')
      .filter({ hasText: /^Confirmed$/ })
      .click();
    await expectUrl(page, `/manage/payment?org=${org}&status=confirmed`);
    await content(page).getByText('No top-up request with this status.').waitFor();
  });
});

test('finance: the operator confirms the top-up in the operator tool; the admin reads the notice and the balance', async () => {
  expect(reference).not.toBe('');
  await withPage(browser, 'finance-topup-confirm', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool?tab=topups');
    await page.getByRole('tab', { name: 'Top-ups', selected: true }).waitFor();
    const row = rowWith(page, reference);
    expect(await row.textContent()).toContain(orgName);
    await row.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog', { name: `Confirm top-up ${reference}` });
    // What arrived defaults to what was asked for.
    expect(await dialog.getByLabel('Amount received').inputValue()).toBe('1000.00');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Top-up ${reference} confirmed: 1,000.00 USD credited to ${orgName}.`).waitFor();
    await row.waitFor({ state: 'detached' });

    await content(page)
      .locator('.ant-segmented-item')
      .filter({ hasText: /^Confirmed$/ })
      .click();
    await expectUrl(page, '/sa/tool?tab=topups&status=confirmed');
    await rowWith(page, reference).getByText('operator@demo.test').waitFor();
    expect(await rowWith(page, reference).getByRole('button', { name: 'Confirm' }).count()).toBe(0);
  });

  await withPage(browser, 'finance-topup-notice', async ({ context, page }) => {
    await loginViaApi(context, admin.email, E2E_PASSWORD);
    await page.goto(`/manage/overview?org=${org}`);
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const notice = page.getByRole('listitem').filter({
      hasText: `Top-up ${reference} was confirmed: 1000.00 USD was added to the center's wallet.`,
    });
    await notice.getByText('Top-up confirmed', { exact: true }).waitFor();
    await notice.getByRole('link', { name: 'View top-ups' }).click();
    await expectUrl(page, `/manage/payment?org=${org}`);
    await rowWith(page, reference).getByText('Confirmed', { exact: true }).waitFor();

    await page.goto(`/finance/index?org=${org}`);
    await page.getByRole('heading', { name: 'Finance center', exact: true }).waitFor();
    await expectWalletFigure(page, 'Balance', '1,000.00 USD');
    await expectWalletFigure(page, 'Available', '1,000.00 USD');
    expect(await wallet(page).getByText('Not opened yet').count()).toBe(0);
  });
});

test('finance: the operator rejects a top-up with a reason; the admin is told why and nothing is credited', async () => {
  const asked = await admin.ok<{ reference: string }>('POST', '/scaler/v3/finance/topups', {
    org,
    data: { request_key: `e2e-reject-${Date.now()}`, currency: 'USD', amount: '75' },
  });
  await withPage(browser, 'finance-topup-reject', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool?tab=topups');
    await rowWith(page, asked.reference).getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject top-up ${asked.reference}` });
    await dialog
      .getByText(`Nothing is credited. The admins of ${orgName} are notified with your reason.`)
      .waitFor();
    // The reason is required (the domain's schema of the decision).
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.locator('.ant-form-item-explain-error').waitFor();
    await dialog.getByLabel('Reason').fill('No transfer with this reference arrived.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(`Top-up ${asked.reference} rejected.`).waitFor();
    await rowWith(page, asked.reference).waitFor({ state: 'detached' });
  });
  await withPage(browser, 'finance-topup-rejected-notice', async ({ context, page }) => {
    await loginViaApi(context, admin.email, E2E_PASSWORD);
    await page.goto(`/manage/payment?org=${org}&status=rejected`);
    const row = content(page).locator('.ant-table-row').filter({ hasText: asked.reference });
    await row.getByText('Rejected', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('No transfer with this reference arrived.');
    await expectWalletFigure(page, 'Balance', '1,000.00 USD');
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const notice = page.getByRole('listitem').filter({ hasText: `Top-up ${asked.reference} was rejected.` });
    await notice.getByText('Top-up rejected', { exact: true }).waitFor();
    await notice.getByText('Reason: No transfer with this reference arrived.').waitFor();
  });
});

test('finance: the admin moves money to an account, sees both balances change and the transaction listed', async () => {
  await withPage(browser, 'finance-transfer', async ({ context, page }) => {
    await loginViaApi(context, admin.email, E2E_PASSWORD);
    await page.goto(`/finance/index?org=${org}`);
    const row = rowWith(page, 'E2E Fin Shoes');
    await row.getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer: E2E Fin Shoes' });
    await dialog.getByText('At most 1,000.00 USD can move this way.').waitFor();
    const amount = dialog.getByLabel('Amount', { exact: true });
    await amount.fill('0');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.getByText('Enter an amount greater than zero.').waitFor();
    await amount.fill('250.50');
    await dialog.getByLabel('Memo').fill('Spring budget');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await page.getByText('250.50 USD moved to E2E Fin Shoes.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await expectWalletFigure(page, 'Balance', '749.50 USD');
    await expectAccountBalance(page, 'E2E Fin Shoes', '250.50 USD');
    await expectAccountBalance(page, 'E2E Fin Games', '0.00 USD');

    // The account's transactions: the URL carries the filter.
    await row.getByRole('button', { name: 'Transactions' }).click();
    await expectUrl(page, `/finance/index?org=${org}&tab=transactions&account=${shoes}`);
    const ledger = content(page).getByRole('table');
    const moved = ledger.getByRole('row').filter({ hasText: 'Spring budget' });
    await moved.getByText('+250.50 USD', { exact: true }).waitFor();
    expect(await moved.textContent()).toContain('Transfer');
    expect(await moved.textContent()).toContain(admin.email);
    expect(await ledger.getByRole('row').filter({ hasText: 'Top-up' }).count()).toBe(0);

    // Every wallet of the center: the center's side of the transfer and the top-up too.
    await page.goto(`/finance/index?org=${org}&tab=transactions`);
    await content(page)
      .getByRole('row')
      .filter({ hasText: '-250.50 USD' })
      .getByText('Business center wallet')
      .waitFor();
    const topup = content(page).getByRole('row').filter({ hasText: reference });
    await topup.getByText('+1,000.00 USD', { exact: true }).waitFor();
    expect(await topup.textContent()).toContain('Top-up');

    // The CSV export holds the filtered rows, amounts as the API gives them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      content(page).getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Wallet,Account ID,Type,Currency,Amount,Balance after,Reference,Memo,By');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.includes(`E2E Fin Shoes,${shoes},Transfer,USD,250.50,250.50,`))).toBe(true);
    expect(lines.some((l) => l.includes('Business center wallet,,Transfer,USD,-250.50,749.50,'))).toBe(true);
    expect(lines.some((l) => l.includes(`Business center wallet,,Top-up,USD,1000.00,1000.00,`))).toBe(true);
    await page.getByText('3 transactions exported.').waitFor();
  });
});

test('finance: more than is available is refused with the server message, and nothing moves', async () => {
  await withPage(browser, 'finance-refusal', async ({ context, page }) => {
    await loginViaApi(context, admin.email, E2E_PASSWORD);
    await page.goto(`/finance/index?org=${org}`);
    await rowWith(page, 'E2E Fin Games').getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer: E2E Fin Games' });
    await dialog.getByLabel('Amount', { exact: true }).fill('5000');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Not enough money: 749.50 USD is available (balance plus credit).')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expectWalletFigure(page, 'Balance', '749.50 USD');
    await expectAccountBalance(page, 'E2E Fin Games', '0.00 USD');
  });
});

test('finance: a bulk transfer moves one amount per account in one request, all or nothing', async () => {
  await withPage(browser, 'finance-bulk', async ({ context, page }) => {
    await loginViaApi(context, admin.email, E2E_PASSWORD);
    await page.goto(`/finance/index?org=${org}`);
    for (const name of ['E2E Fin Shoes', 'E2E Fin Games'])
      await rowWith(page, name).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Transfer to 2 selected accounts' }).click();
    let dialog = page.getByRole('dialog', { name: 'Transfer for 2 accounts' });

    // Back to the center, more than Games holds: refused as a whole, Shoes keeps its money too.
    await dialog.getByText('From the accounts back to the business center').click();
    await dialog.getByText('One for each account').click();
    await dialog.getByLabel('Amount for E2E Fin Shoes').fill('50');
    await dialog.getByLabel('Amount for E2E Fin Games').fill('10');
    await dialog.getByText('Total: 60.00 USD').waitFor();
    await dialog.getByRole('button', { name: 'Transfer for 2 accounts' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/^Not enough money: 0\.00 USD is available/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expectAccountBalance(page, 'E2E Fin Shoes', '250.50 USD');
    await expectAccountBalance(page, 'E2E Fin Games', '0.00 USD');
    await expectWalletFigure(page, 'Balance', '749.50 USD');

    // To the accounts, one amount each.
    for (const name of ['E2E Fin Shoes', 'E2E Fin Games'])
      await rowWith(page, name).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Transfer to 2 selected accounts' }).click();
    dialog = page.getByRole('dialog', { name: 'Transfer for 2 accounts' });
    await dialog.getByText('One for each account').click();
    await dialog.getByLabel('Amount for E2E Fin Shoes').fill('49.50');
    await dialog.getByLabel('Amount for E2E Fin Games').fill('100');
    await dialog.getByText('Total: 149.50 USD').waitFor();
    await dialog.getByRole('button', { name: 'Transfer for 2 accounts' }).click();
    await page.getByText('Transfers made for 2 accounts.').waitFor();
    await expectWalletFigure(page, 'Balance', '600.00 USD');
    await expectAccountBalance(page, 'E2E Fin Shoes', '300.00 USD');
    await expectAccountBalance(page, 'E2E Fin Games', '100.00 USD');
    expect(await page.getByRole('button', { name: /selected account/ }).isDisabled()).toBe(true);
  });
  const ledger = await admin.ok<{ total: number }>('GET', `/scaler/v3/finance/transactions?adv_id=${games}`, {
    org,
  });
  expect(ledger.total).toBe(1);
});

test('finance: the operator looks the center up and sets its credit line; the admin sees what is available', async () => {
  await withPage(browser, 'finance-credit-line', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool?tab=topups');
    await page.getByLabel('Business center ID').fill(String(org));
    await page.getByRole('button', { name: 'Look up' }).click();
    await expectUrl(page, `/sa/tool?tab=topups&center=${org}`);
    await expectWalletFigure(page, 'Balance', '600.00 USD');
    await rowWith(page, 'E2E Fin Games').waitFor();
    await wallet(page).getByRole('button', { name: 'Set credit line' }).click();
    const dialog = page.getByRole('dialog', { name: `Credit line: Business center ${org} · USD` });
    await dialog.getByLabel('Credit line').fill('100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Credit line of Business center ${org} · USD set to 100.00 USD.`).waitFor();
    await expectWalletFigure(page, 'Credit line', '100.00 USD');
    await expectWalletFigure(page, 'Available', '700.00 USD');
  });
  await withPage(browser, 'finance-credit-line-admin', async ({ context, page }) => {
    await loginViaApi(context, admin.email, E2E_PASSWORD);
    await page.goto(`/finance/index?org=${org}`);
    await expectWalletFigure(page, 'Credit line', '100.00 USD');
    await expectWalletFigure(page, 'Available', '700.00 USD');
  });
});
