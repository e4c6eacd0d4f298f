import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Api, apiAs } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content } from './support/console';

/**
 * One account's money (issue 20): Northwind Shoes of the demo, funded and charged its 90 days of
 * delivery by the seed and its spend charged by the server since. Its admin reads the balance on the
 * home page and on /setting/payment, sees it stop at a daily cap (status 20 in the lists) and deliver
 * again without it, and downloads the month's statement, whose closing balance is the page's balance.
 */

const SHOES = { org: 100001, adv: 1000001 };
const query = `?org=${SHOES.org}&adv=${SHOES.adv}`;
let browser: Browser;
let admin: Api;

interface AccountMoney {
  currency: string;
  wallet: { balance: string; credit_limit: string };
  today_spend: string;
  daily_spend_cap: string | null;
  low_balance_alert: string | null;
}

async function shoes<T>(method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await admin.request.fetch(path, {
    method,
    data,
    headers: { 'org-id': String(SHOES.org), 'adv-id': String(SHOES.adv), language: 'en-US' },
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** "1234.5" → "1,234.50 USD", as the console writes amounts. */
const shown = (amount: string, currency: string) => {
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}${grouped}${frac ? `.${frac}` : ''} ${currency}`;
};

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiAs('admin@demo.test');
});
afterAll(async () => {
  // The demo's limits as they were, whatever happened above (other specs read this account).
  await shoes('PUT', '/scaler/v3/finance/account', { daily_spend_cap: null, low_balance_alert: null }).catch(
    () => {},
  );
  await admin?.dispose();
  await browser?.close();
});

test('payment: the balance on the home page and the payment page, the account stopped at its cap and delivering again', async () => {
  const money = await shoes<AccountMoney>('GET', '/scaler/v3/finance/account');
  expect(Number(money.wallet.balance)).toBeGreaterThan(0);
  await withPage(browser, 'account-payment', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/home/index${query}`);
    const card = page.getByTestId('home-balance');
    await card.getByText('Balance', { exact: true }).first().waitFor();
    await card.getByText(shown(money.wallet.balance, money.currency)).waitFor();

    await card.getByRole('link', { name: 'Payment settings' }).click();
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
    await page
      .getByTestId('payment-balance')
      .getByText(shown(money.wallet.balance, money.currency))
      .waitFor();
    // Spend charged by the server shows as ledger rows.
    await content(page).getByRole('row').filter({ hasText: 'Spend' }).first().waitFor();

    // A cap at or under today's cost stops the account: its campaigns read "Exceeding account limit".
    const today = await shoes<AccountMoney>('GET', '/scaler/v3/finance/account');
    const cap = Number(today.today_spend) >= 0.01 ? today.today_spend : null;
    const field = page.getByLabel('Daily spending cap');
    await field.fill('1.001');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('USD amounts have at most 2 decimals.').waitFor();
    if (cap !== null) {
      // Today's cost so far, to the cent below: reached.
      const reached = (Math.floor(Number(cap) * 100) / 100).toFixed(2);
      await field.fill(Number(reached) > 0 ? reached : '0.01');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Limits saved.').waitFor();
      await page.goto(`/perf/campaign${query}`);
      await content(page).getByText('Exceeding account limit').first().waitFor();
      await page.goto(`/setting/payment${query}`);
    }
    await field.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Limits saved.').waitFor();
    expect((await shoes<AccountMoney>('GET', '/scaler/v3/finance/account')).daily_spend_cap).toBeNull();
    if (cap !== null) {
      await page.goto(`/perf/campaign${query}`);
      await content(page).getByRole('row').nth(1).waitFor();
      expect(await content(page).getByText('Exceeding account limit').count()).toBe(0);
    }
  });
});

test("payment: the month's statement downloads as PDF, its closing balance the page's", async () => {
  await withPage(browser, 'account-statement', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/setting/payment${query}`);
    const balance = page.getByTestId('payment-balance');
    await balance.getByText(/USD$/).waitFor();
    const before = (await shoes<AccountMoney>('GET', '/scaler/v3/finance/account')).wallet.balance;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-account-1000001-\d{4}-\d{2}\.pdf$/);
    const file = await download.path();
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    const closing = /Closing balance\s+(-?[\d.]+) USD/.exec(text)?.[1];
    // The page and the statement read the same ledger (a charge may land in between: either balance).
    const after = (await shoes<AccountMoney>('GET', '/scaler/v3/finance/account')).wallet.balance;
    expect([before, after]).toContain(closing);
    expect(text).toContain('Monthly statement: account Northwind Shoes (1000001)');
  });
});

test("payment: the center's statement downloads as CSV from the finance center", async () => {
  await withPage(browser, 'center-statement', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/finance/index?org=${SHOES.org}`);
    await page.getByText('Monthly statements', { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-center-100001-\d{4}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toBe('Currency,Date,Time,Type,Reference,Memo,Amount,Balance after');
    // The center's own movements this month: the demo's top-up and its transfers to the accounts.
    expect(csv.some((l) => l.includes(',Transfer,'))).toBe(true);
    expect(csv.filter((l) => l.includes('Closing balance'))).toHaveLength(1);
  });
});
