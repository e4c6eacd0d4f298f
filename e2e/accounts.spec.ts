import type { Browser, BrowserContext, Page } from 'playwright-core';
import { request } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiAs, E2E_PASSWORD, signUpVerified } from './support/api';
import { baseUrl, DEMO_PASSWORD, launchBrowser, loginViaApi, withPage } from './support/browser';
import {
  expectUrl,
  freshEmail,
  inChinese,
  logInThroughForm,
  sideMenu,
  sideMenuTexts,
  trackApiCalls,
  urlOf,
} from './support/console';
import { waitForMail, waitForMailLink } from './support/mail';

let browser: Browser;

/** Registers a user through the API and returns the verification link of the e-mail (not yet opened). */
async function registerViaApi(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post('/scaler/account/user', {
    data: { email, password, language: 'en-US' },
  });
  expect((await res.json()).code).toBe(0);
  return new URL(await waitForMailLink(email, 'verify'));
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('accounts: a signed-out visit to a console page asks to log in and returns to that page', async () => {
  await withPage(browser, 'accounts-login-redirect', async ({ page }) => {
    const target = '/manage/overview?org=100001';
    await page.goto(target);

    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
    await expect.poll(() => page.getByRole('heading', { name: 'Log in' }).isVisible()).toBe(true);

    await logInThroughForm(page, 'admin@demo.test');

    await expectUrl(page, target);
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
  });
});

test('accounts: a login redirect to another site is not followed', async () => {
  await withPage(browser, 'accounts-login-open-redirect', async ({ page }) => {
    for (const target of ['https://evil.example/phish', '//evil.example/phish']) {
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await logInThroughForm(page, 'user@demo.test');
      await expectUrl(page, '/select');
      await page.getByRole('heading', { name: 'Select a business center' }).waitFor();
      await page.context().clearCookies();
    }
  });
});

test('accounts: sign up, verify the e-mail, log in and create an agency business center', async () => {
  await withPage(browser, 'accounts-signup-to-center', async ({ page }) => {
    const email = freshEmail('signup');
    const password = 'Fresh-Pass-2026';
    const centerName = `E2E Agency ${Date.now().toString(36)}`;

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Name').fill('E2E Signup');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByText('Check your e-mail').waitFor();
    await page.getByText(`We sent a verification link to ${email}.`).waitFor();

    const link = await waitForMailLink(email, 'verify');
    const linkUrl = new URL(link);
    expect(linkUrl.pathname).toBe('/email');
    expect(linkUrl.searchParams.get('type')).toBe('verify');
    expect(linkUrl.searchParams.get('token')).toBeTruthy();

    await page.goto(`${linkUrl.pathname}${linkUrl.search}`);
    await page.getByText('Your e-mail is verified').waitFor();
    await page.getByText(`${email} is confirmed. You can log in now.`).waitFor();
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL((url) => url.pathname === '/login');
    await logInThroughForm(page, email, password);

    await expectUrl(page, '/select');
    await page.getByText('You are not in any business center yet').waitFor();
    // The header and the empty state both offer it; the empty state's is the one next to the text.
    await page.getByRole('button', { name: 'Create business center' }).last().click();

    await expectUrl(page, '/create-bc');
    await page.getByRole('heading', { name: 'Create business center' }).waitFor();
    await page.getByLabel('Business center name').fill(centerName);
    await page.getByRole('radio', { name: /^Agency/ }).check();
    await page.getByLabel('Company name').fill('E2E Holdings Ltd');
    await page.getByLabel('Profession').click();
    await page.locator('.ant-select-dropdown:visible').getByText('E-commerce', { exact: true }).click();
    await page.getByLabel('Corporate website').fill('https://e2e.example.com');
    await page.getByLabel('Contact name').fill('Erin Example');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await page.getByText(`${centerName} was created.`).waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/manage/'));
    const org = Number(new URL(page.url()).searchParams.get('org'));
    expect(org).toBeGreaterThan(100005);

    // The console shell of the new, engaged center: the banner and the business-settings menu only.
    // That the center awaits verification is said once, by the banner, with the way to the verification.
    await page.getByText('This business center awaits verification').waitFor();
    await page
      .getByText('Complete the business information and submit it for verification.', { exact: false })
      .waitFor();
    expect(await page.getByText('awaits', { exact: false }).count()).toBe(1);
    expect(await page.getByText('Complete your business details', { exact: false }).count()).toBe(0);
    await page.locator('.ant-alert').getByRole('button', { name: 'Go to verification' }).waitFor();
    expect(await sideMenuTexts(page)).toEqual(['Business info', 'Verification']);
    await expect.poll(() => page.getByText('Advertising', { exact: true }).count()).toBe(0);

    // The picker now lists the center as engaged, with the user as its admin.
    const centers = await page.request.get('/scaler/v3/bc/list');
    const list = (await centers.json()).data as { org_id: number; org_name: string; org_role: string }[];
    expect(list).toEqual([
      expect.objectContaining({ org_id: org, org_name: centerName, org_role: 'org_admin' }),
    ]);
  });
});

test('accounts: a wrong password shows the server message and stays on the login page', async () => {
  await withPage(browser, 'accounts-wrong-password', async ({ page }) => {
    await page.goto('/login');
    await logInThroughForm(page, 'brand@demo.test', 'Not-the-password-1');

    await page.getByRole('alert').filter({ hasText: 'Incorrect e-mail or password.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

/** The user popup's reset-password dialog, opened on the overview as user@demo.test. */
async function openResetDialog(page: Page) {
  await page.goto('/manage/overview?org=100001');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Reset password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset password' });
  await dialog.waitFor();
  return dialog;
}

test('accounts: too many failed logins for one e-mail make the form ask to wait', async () => {
  await withPage(browser, 'accounts-login-rate-limited', async ({ context, page }) => {
    const email = freshEmail('guess');
    for (let i = 0; i < 5; i++) {
      const res = await context.request.post('/scaler/account/login', {
        data: { email, password: `Guess-${i}-pass` },
      });
      expect((await res.json()).code).not.toBe(0);
    }
    await page.goto('/login');
    await logInThroughForm(page, email, 'Guess-5-pass');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Too many failed attempts. Please wait 15 minutes and try again.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

test('accounts: the reset-password dialog shows the e-mail as a disabled, labelled field', async () => {
  await withPage(browser, 'accounts-reset-dialog-email', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    const dialog = await openResetDialog(page);

    // Spec 2: the e-mail is shown disabled; like the other fields it carries its label "E-mail".
    const email = dialog.getByRole('textbox', { name: 'E-mail' });
    expect(await email.inputValue({ timeout: 5_000 })).toBe('user@demo.test');
    expect(await email.isDisabled()).toBe(true);
  });
});

test('accounts: the reset-password dialog asks for a password and a matching confirmation', async () => {
  await withPage(browser, 'accounts-reset-dialog-validation', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    const dialog = await openResetDialog(page);

    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await dialog.getByText('Please enter password.').waitFor();

    await dialog.getByLabel('New password').fill('Another-Pass-1');
    await dialog.getByLabel('Confirm password').fill('Another-Pass-2');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await dialog.getByText('The password you set is not the same, please check it.').waitFor();

    // Nothing was sent: the dialog stays open, and closing it leaves the user where they were.
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(urlOf('/manage/overview?org=100001'));
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
  });
});

test('accounts: an e-mail link works once, and a made-up one is not valid', async () => {
  await withPage(browser, 'accounts-email-link-once', async ({ context, page }) => {
    const email = freshEmail('once');
    const link = await registerViaApi(context, email, 'Once-Pass-2026');

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Your e-mail is verified').waitFor();

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('This link has already been used').waitFor();
    expect(await page.getByText('Your e-mail is verified').count()).toBe(0);

    await page.goto('/email?type=verify&token=made-up-token-0123456789abcdef');
    await page.getByText('This link is not valid').waitFor();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

test('accounts: reset a forgotten password through the e-mail link and log in with it', async () => {
  await withPage(browser, 'accounts-forgot-password', async ({ context, page }) => {
    const email = freshEmail('forgot');
    const link = await registerViaApi(context, email, 'Old-Pass-2026');
    expect(
      (
        await (
          await context.request.post('/scaler/account/email/verify', {
            data: { token: link.searchParams.get('token') },
          })
        ).json()
      ).code,
    ).toBe(0);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText(`If an account exists for ${email}, we have sent a link`, { exact: false })
      .waitFor();

    const reset = new URL(await waitForMailLink(email, 'reset'));
    expect(reset.pathname).toBe('/email');
    expect(reset.searchParams.get('type')).toBe('reset');
    await page.goto(`${reset.pathname}${reset.search}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();

    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Please enter password.').waitFor();
    await page.getByLabel('New password').fill('New-Pass-2026');
    await page.getByLabel('Confirm password').fill('New-Pass-2027');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('The password you set is not the same, please check it.').waitFor();

    await page.getByLabel('Confirm password').fill('New-Pass-2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your password was changed. Please log in with the new password.').waitFor();

    await logInThroughForm(page, email, 'Old-Pass-2026');
    await page.getByRole('alert').filter({ hasText: 'Incorrect e-mail or password.' }).waitFor();
    await logInThroughForm(page, email, 'New-Pass-2026');
    await expectUrl(page, '/select');
  });
});

test('accounts: log out from the user popup ends the session', async () => {
  await withPage(browser, 'accounts-logout', async ({ context, page }) => {
    await loginViaApi(context, 'brand@demo.test');
    await page.goto('/manage/overview?org=100002');
    await page.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();

    await page.goto('/manage/overview?org=100002');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/manage/overview?org=100002');
  });
});

test('accounts: in Chinese the login form shows the server message in Chinese', async () => {
  await withPage(browser, 'accounts-wrong-password-zh', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('简体中文', { exact: true }).click();
    await page.getByRole('heading', { name: '登录' }).waitFor();

    await page.getByLabel('邮箱').fill('pending@demo.test');
    await page.getByLabel('密码', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: /^登\s?录$/ }).click();
    await page.getByRole('alert').filter({ hasText: '邮箱或密码错误。' }).waitFor();
  });
});

test('accounts: the sign-up form checks the e-mail, the password length and the confirmation', async () => {
  await withPage(browser, 'accounts-signup-validation', async ({ page }) => {
    await page.goto('/login?tab=signup');
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter password.').waitFor();

    await page.getByLabel('E-mail').fill('someone@example.company');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('shorter');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter a valid e-mail address.').waitFor();
    await page.getByText('The password must be 8 to 128 characters.').waitFor();
    await page.getByText('The password you set is not the same, please check it.').waitFor();
    expect(await page.getByText('Check your e-mail').count()).toBe(0);
  });
});

test('accounts: signing up with a registered e-mail looks like any sign-up; the owner is told by e-mail', async () => {
  await withPage(browser, 'accounts-signup-taken', async ({ page }) => {
    await page.goto('/login?tab=signup');
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByLabel('E-mail').fill('pending@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Some-Pass-2026');
    await page.getByLabel('Confirm password').fill('Some-Pass-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await page.getByText('We sent a verification link to pending@demo.test.').waitFor();
    const notice = await waitForMail('pending@demo.test', 'account_exists');
    expect(notice.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(notice.link).toBeNull();
  });
});

test('accounts: the sign-up form refuses a common password before sending it', async () => {
  await withPage(browser, 'accounts-signup-weak', async ({ page }) => {
    await page.goto('/login?tab=signup');
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByLabel('E-mail').fill(freshEmail('weak'));
    await page.getByLabel('Password', { exact: true }).fill('Password1!');
    await page.getByLabel('Confirm password').fill('Password1!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This password is too easy to guess.', { exact: false }).waitFor();
    expect(await page.getByText('Check your e-mail').count()).toBe(0);
  });
});

test('accounts: logging in before verifying the e-mail asks to verify and sends a new link', async () => {
  await withPage(browser, 'accounts-login-unverified', async ({ context, page }) => {
    const email = freshEmail('unverified');
    const first = await registerViaApi(context, email, 'Unverified-2026');

    await page.goto('/login');
    await logInThroughForm(page, email, 'Unverified-2026');
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Please verify your e-mail address first. We have sent you a new verification link.',
      })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect.poll(async () => (await waitForMailLink(email, 'verify')) !== first.toString()).toBe(true);
  });
});

test('accounts: a session ended elsewhere sends the user to log in and back', async () => {
  await withPage(browser, 'accounts-session-ended', async ({ context, page }) => {
    await loginViaApi(context, 'brand@demo.test');
    const api = trackApiCalls(page);
    await page.goto('/manage/overview?org=100002');
    await page.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();
    // The page has all its data: no call of its own is still on its way to meet the ended session
    // before the user acts (a heading on screen does not mean the page's other calls are done).
    await api.settled();

    // The session is revoked on the server (as a logout in another tab would); the page keeps its cookie.
    const cookies = await context.cookies();
    expect((await (await context.request.post('/scaler/account/logout')).json()).code).toBe(0);
    await context.addCookies(cookies);

    // Opening a page whose data is not loaded yet (the business info) meets the ended session; a refetch
    // the page makes by itself (the window getting focus) may meet it first, from the overview. Either
    // way the user is told and sent to log in, and brought back to where they were. (The message is
    // watched from before the click: it shows for a few seconds only.)
    const told = page.getByText('You are not logged in, please log in.').first().waitFor();
    const sentToLogin = page.waitForURL((url) => url.pathname === '/login');
    await sideMenu(page)
      .getByRole('menuitem', { name: 'Business info' })
      .click()
      .catch(() => sentToLogin);
    await Promise.all([told, sentToLogin]);
    const back = new URL(page.url()).searchParams.get('redirect') ?? '';
    expect(['/manage/overview?org=100002', '/manage/setting?org=100002']).toContain(back);

    await logInThroughForm(page, 'brand@demo.test');
    await expectUrl(page, back);
  });
});

test('accounts: after logging out, the next user sees only their own centers', async () => {
  await withPage(browser, 'accounts-switch-user', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/select');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await logInThroughForm(page, 'brand@demo.test');
    await expectUrl(page, '/select');
    await page.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Northwind Agency' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'User menu' }).textContent()).toContain('Bea Brand');
  });
});

/** A sign-in code for `email`, asked for by an API client signed in with the `token` header. */
async function signInCode(email: string, redirect: string) {
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    const login = await (
      await api.post('/scaler/account/login', { data: { email, password: DEMO_PASSWORD } })
    ).json();
    const issued = await (
      await api.post('/scaler/account/login/code', {
        data: { redirect },
        headers: { token: login.data.token },
      })
    ).json();
    expect(issued.code).toBe(0);
    return new URL(issued.data.link);
  } finally {
    await api.dispose();
  }
}

test('accounts: a sign-in link signs the browser in once, and its code leaves the address bar at once', async () => {
  const link = await signInCode('brand@demo.test', '/manage/overview?org=100002');
  expect(link.searchParams.get('code')).toBeTruthy();
  await withPage(browser, 'accounts-login-code', async ({ page }) => {
    const seen: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/scaler/') && !r.url().includes('/login/exchange')) seen.push(r.url());
    });
    await page.goto(`${link.pathname}${link.search}`);
    // Signed out, the browser is asked first; the code is already off the address bar.
    await page.getByRole('heading', { name: 'Sign in as brand@demo.test?' }).waitFor();
    expect(await page.evaluate(() => window.location.search)).toBe('?org=100002');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();
    expect(page.url()).toBe(urlOf('/manage/overview?org=100002'));
    expect(await page.evaluate(() => window.location.search)).toBe('?org=100002');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((url) => url.includes('code='))).toEqual([]);
  });
  // Spent: the same link in another browser signs nobody in, and says so.
  await withPage(browser, 'accounts-login-code-spent', async ({ page }) => {
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page
      .getByText('This sign-in link is invalid, has expired or was already used.', { exact: false })
      .waitFor();
    expect(page.url()).not.toContain('code=');
  });
});

test('accounts: a sign-in link someone else made shows whose account it opens, and signs in only on Continue', async () => {
  // The attacker mints a link to their own account and sends it to a signed-out victim.
  const continued = await signInCode('brand@demo.test', '/manage/overview?org=100002');
  await withPage(browser, 'accounts-login-code-csrf-continue', async ({ context, page }) => {
    await page.goto(`${continued.pathname}${continued.search}`);
    await page.getByRole('heading', { name: 'Sign in as brand@demo.test?' }).waitFor();
    await page.getByText('This link signs you in to the console as Bea Brand (brand@demo.test).').waitFor();
    await page.getByText('If someone else sent it to you, choose Cancel', { exact: false }).waitFor();
    expect(page.url()).toBe(urlOf('/manage/overview?org=100002'));
    // Nothing is signed in while the question is open.
    expect((await (await context.request.get('/scaler/account/user_info')).json()).code).toBe(40100);
    // Keyboard only: Tab to Continue and press Enter.
    const next = page.getByRole('button', { name: 'Continue' });
    for (let i = 0; i < 10 && !(await next.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();
    const me = await (await context.request.get('/scaler/account/user_info')).json();
    expect(me.data.email).toBe('brand@demo.test');
  });

  const cancelled = await signInCode('brand@demo.test', '/manage/overview?org=100002');
  // A Chinese reader cancels.
  await withPage(browser, 'accounts-login-code-csrf-cancel', async ({ context, page }) => {
    await inChinese(context);
    await page.goto(`${cancelled.pathname}${cancelled.search}`);
    await page.getByRole('heading', { name: '以 brand@demo.test 的身份登录？' }).waitFor();
    await page
      .getByRole('button', { name: '取 消' })
      .or(page.getByRole('button', { name: '取消' }))
      .click();
    // Signed out: the console asks to log in, and the code is not spent.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(page.url()).not.toContain('code=');
    expect((await (await context.request.get('/scaler/account/user_info')).json()).code).toBe(40100);
    const peek = await context.request.post('/scaler/account/login/code/peek', {
      data: { code: cancelled.searchParams.get('code') },
    });
    expect((await peek.json()).data.email).toBe('brand@demo.test');
  });
});

test('accounts: a sign-in link never replaces the session of someone already signed in', async () => {
  const link = await signInCode('admin@demo.test', '/select');
  await withPage(browser, 'accounts-login-code-other', async ({ context, page }) => {
    await loginViaApi(context, 'brand@demo.test');
    await page.goto(`${link.pathname}${link.search}`);
    await page
      .getByText('You are already logged in as brand@demo.test. Log out first', { exact: false })
      .waitFor();
    await expectUrl(page, '/select');
    await page.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Northwind Agency' }).count()).toBe(0);
  });
});

test('accounts: changing the password asks for the current one and keeps the user signed in here', async () => {
  const user = await signUpVerified('change');
  const elsewhere = await apiAs(user.email, E2E_PASSWORD);
  await withPage(browser, 'accounts-change-password', async ({ context, page }) => {
    await loginViaApi(context, user.email, E2E_PASSWORD);
    await page.goto('/select');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset password' });
    await dialog.waitFor();

    await dialog.getByLabel('Current password').fill('Not-my-password-1');
    await dialog.getByLabel('New password').fill('Lantern-harbour-quiet-8');
    await dialog.getByLabel('Confirm password').fill('Lantern-harbour-quiet-8');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await dialog.getByText('The current password is incorrect.').waitFor();

    await dialog.getByLabel('Current password').fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password was changed. You stay logged in here', { exact: false }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/select');

    // This browser still works; the session elsewhere has ended.
    await page.reload();
    await page.getByText('You are not in any business center yet').waitFor();
    expect((await elsewhere.call('GET', '/scaler/account/user_info')).code).toBe(40100);
  });
  await elsewhere.dispose();
  await user.dispose();
});
