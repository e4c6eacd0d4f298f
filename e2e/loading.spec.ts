import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, withPage } from './support/browser';
import { freshEmail } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The start of zxcvbn's common-password dictionary, as it is shipped (compressed) in its chunk. */
const ZXCVBN_DICTIONARY = 'A123456ApasswordA12345678Aqwerty';

/** Every JavaScript file the page fetches from now on, with its text. */
function recordScripts(page: Page) {
  const pending: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (res: Response) => {
    if (new URL(res.url()).pathname.endsWith('.js'))
      pending.push(res.text().then((text) => ({ url: res.url(), text })));
  });
  return async () => Promise.all(pending);
}

function expectNoHeavyLibraries(scripts: { url: string; text: string }[]) {
  const names = scripts.map((s) => new URL(s.url).pathname);
  expect(names.filter((n) => /\/_app\/(echarts|exceljs)-/.test(n))).toEqual([]);
  expect(scripts.filter((s) => s.text.includes(ZXCVBN_DICTIONARY)).map((s) => s.url)).toEqual([]);
}

const LANGS = [
  {
    locale: 'en-US',
    title: 'Sign in',
    signUp: 'Sign up',
    email: 'E-mail',
    password: 'Password',
    confirm: 'Confirm password',
    submit: 'Create account',
    weak: 'This password is too easy to guess.',
  },
  {
    locale: 'zh-CN',
    title: '登录',
    signUp: '注册',
    email: '邮箱',
    password: '密码',
    confirm: '确认密码',
    submit: '创建账号',
    weak: '该密码太容易被猜到。',
  },
];

for (const l of LANGS) {
  test(`loading (${l.locale}): /login and the sign-up form load no chart, export or password-dictionary code; the server's refusal shows on the field`, async () => {
    await withPage(
      browser,
      `loading-login-${l.locale}`,
      async ({ context, page }) => {
        await context.addInitScript((lng) => localStorage.setItem('SC-LOCALE', lng), l.locale);
        const scripts = recordScripts(page);
        await page.goto('/login', { waitUntil: 'networkidle' });
        await page.locator('.auth-title').waitFor();
        expectNoHeavyLibraries(await scripts());

        // Sign-up: an obvious password is refused in the browser at once, without the dictionaries ...
        await page.goto('/login?tab=signup', { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: l.signUp }).waitFor();
        await page.getByLabel(l.email).fill(freshEmail(`loading-${l.locale}`));
        await page.getByLabel(l.password, { exact: true }).fill('P@ssw0rd2024');
        await page.getByLabel(l.password, { exact: true }).blur();
        await page.getByText(l.weak, { exact: false }).waitFor();
        // ... and one only the server's full check refuses comes back as the field's error.
        await page.getByLabel(l.password, { exact: true }).fill('Sunflower2020');
        await page.getByLabel(l.confirm).fill('Sunflower2020');
        await expect.poll(() => page.getByText(l.weak, { exact: false }).count()).toBe(0);
        const answer = page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/scaler/account/user' && r.request().method() === 'POST',
        );
        await page.getByRole('button', { name: l.submit }).click();
        expect((await (await answer).json()).code).not.toBe(0);
        await page
          .locator('.ant-form-item-has-error')
          .filter({ hasText: l.weak })
          .getByLabel(l.password, { exact: true })
          .waitFor();
        await page.waitForLoadState('networkidle');
        expectNoHeavyLibraries(await scripts());
      },
      { locale: l.locale },
    );
  });
}
