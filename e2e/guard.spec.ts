import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createActiveAgency, E2E_PASSWORD } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import {
  content,
  expectSelectedMenu,
  expectUrl,
  inChinese,
  settle,
  sideMenu,
  urlOf,
} from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const FORBIDDEN = 'No operation permission';

test('guard: an advertiser account that is not in the list leads to the advertiser accounts page', async () => {
  await withPage(browser, 'guard-unknown-adv', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/home/index?org=100001&adv=999999');
    await expectUrl(page, '/manage/account?org=100001');
    await page.getByText('No advertiser account found.').waitFor();
    await expectSelectedMenu(page, 'Advertiser accounts');
  });
});

test('guard: an advertiser account in review leads to the advertiser accounts page', async () => {
  await withPage(browser, 'guard-adv-in-review', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/home/index?org=100001&adv=1000003');
    await expectUrl(page, '/manage/account?org=100001');
    await page.getByText('The account status is abnormal and cannot be used for now.').waitFor();
  });
});

test('guard: an account the standard member is not assigned to is not found', async () => {
  await withPage(browser, 'guard-unassigned-adv', async ({ context, page }) => {
    // user@demo.test works on 1000001 and 1000002 only; 1000003 belongs to the same center.
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/perf/campaign?org=100001&adv=1000003');
    await expectUrl(page, '/manage/account?org=100001');
    await page.getByText('No advertiser account found.').waitFor();
  });
});

test('guard: an advertising page without an account opens the first active one', async () => {
  await withPage(browser, 'guard-first-adv', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/home/index?org=100001');
    await expectUrl(page, '/home/index?org=100001&adv=1000001');
    const switcher = page.getByRole('combobox', { name: 'Advertiser account' });
    await switcher.waitFor();
    await page.getByRole('banner').getByText('Northwind Shoes').waitFor();
  });
});

test('guard: org and adv are kept when clicking through the side menu', async () => {
  await withPage(browser, 'guard-menu-carry', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/home/index?org=100001&adv=1000001');

    await sideMenu(page).getByRole('menuitem', { name: 'Reports' }).click();
    await sideMenu(page).getByRole('menuitem', { name: 'Custom report' }).click();
    await expectUrl(page, '/report/index?org=100001&adv=1000001');
    await expectSelectedMenu(page, 'Custom report');

    await sideMenu(page).getByRole('menuitem', { name: 'Hourly report' }).click();
    await expectUrl(page, '/report/hourly?org=100001&adv=1000001');

    await sideMenu(page).getByRole('menuitem', { name: 'Campaigns' }).click();
    await expectUrl(page, '/perf/campaign?org=100001&adv=1000001');
    await expectSelectedMenu(page, 'Campaigns');
  });
});

test('guard: the chosen account is kept across the area switch', async () => {
  await withPage(browser, 'guard-area-carry', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/perf/campaign?org=100001&adv=1000002');
    await page.getByRole('banner').getByText('Northwind Games').waitFor();

    await page.getByText('Business Center', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/manage/overview');
    expect(new URL(page.url()).searchParams.get('org')).toBe('100001');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();

    await page.getByText('Advertising', { exact: true }).click();
    await expectUrl(page, '/home/index?org=100001&adv=1000002');
    await page.getByRole('banner').getByText('Northwind Games').waitFor();
  });
});

test('guard: org and adv follow the user into the user settings and back to the console', async () => {
  await withPage(browser, 'guard-settings-carry', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/home/index?org=100001&adv=1000002');
    await page.getByRole('combobox', { name: 'Advertiser account' }).waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'User settings' }).click();
    await expectUrl(page, '/setting/index?org=100001&adv=1000002');

    await page.getByRole('button', { name: 'Back to the console' }).click();
    await page.waitForURL((url) => url.pathname === '/manage/overview');
    expect(new URL(page.url()).searchParams.get('org')).toBe('100001');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
  });
});

test('guard: section paths redirect to their first page and keep the context', async () => {
  await withPage(browser, 'guard-section-redirects', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    const cases: [string, string][] = [
      ['/', '/select'],
      ['/manage?org=100001', '/manage/overview?org=100001'],
      ['/perf?org=100001&adv=1000002', '/perf/campaign?org=100001&adv=1000002'],
      ['/report?org=100001&adv=1000002', '/report/index?org=100001&adv=1000002'],
      ['/assets?org=100001&adv=1000002', '/assets/events?org=100001&adv=1000002'],
    ];
    for (const [from, to] of cases) {
      await page.goto(from);
      await expectUrl(page, to);
    }
    await expectSelectedMenu(page, 'Assets');
  });
});

test('guard: an unknown path shows the not-found page', async () => {
  await withPage(browser, 'guard-not-found', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/no/such/page?org=100001');
    await page.getByText('Page not found').waitFor();
    await page.getByText('Sorry, the page you visited does not exist.').waitFor();
    expect(page.url()).toBe(urlOf('/no/such/page?org=100001'));

    await page.getByRole('button', { name: 'Back to home' }).click();
    await expectUrl(page, '/select');
  });
});

test('guard: a standard member opening the partners page gets no permission', async () => {
  await withPage(browser, 'guard-partner-forbidden', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/manage/partner?org=100001');
    await page.getByText(FORBIDDEN).waitFor();
    await page.getByText('Your role in this business center does not give access to this page.').waitFor();
    expect(page.url()).toBe(urlOf('/manage/partner?org=100001'));
    // Only the no-permission result fills the content: nothing of the partners page.
    expect(await content(page).textContent()).not.toContain('Partners');
    // The shell stays: the member can go on from the side menu, or from the page's own way out.
    await sideMenu(page).getByRole('menuitem', { name: 'Members' }).click();
    await expectUrl(page, '/manage/members?org=100001');
    await page.goto('/manage/partner?org=100001');
    await page.getByRole('button', { name: 'Go to the overview' }).click();
    await expectUrl(page, '/manage/overview?org=100001');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
  });
});

test('guard: admin-only and agency-only pages are refused by role and center type', async () => {
  await withPage(browser, 'guard-role-pages', async ({ context, page }) => {
    // A standard member of an agency: payment, finance center and verification are for admins.
    await loginViaApi(context, 'user@demo.test');
    for (const path of ['/manage/payment', '/finance/index', '/manage/verify']) {
      await page.goto(`${path}?org=100001`);
      await page.getByText(FORBIDDEN).waitFor();
      expect(page.url()).toBe(urlOf(`${path}?org=100001`));
    }
  });
  await withPage(browser, 'guard-advertiser-center-pages', async ({ context, page }) => {
    // The admin of an advertiser-type center: no finance and no verification.
    await loginViaApi(context, 'brand@demo.test');
    for (const path of ['/manage/payment', '/finance/index', '/manage/verify']) {
      await page.goto(`${path}?org=100002`);
      // The page names the cause: the center's type, not the role.
      await page.getByText('Not available in advertiser business centers').waitFor();
    }
    await page.goto('/manage/partner?org=100002');
    await expectSelectedMenu(page, 'Partners');
    expect(await page.getByText(FORBIDDEN).count()).toBe(0);
  });
});

test('guard: the org admin opens the partners page', async () => {
  await withPage(browser, 'guard-partner-admin', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/partner?org=100001');
    await expectSelectedMenu(page, 'Partners');
    await content(page).getByText('Partners').first().waitFor();
    expect(await page.getByText(FORBIDDEN).count()).toBe(0);
  });
});

test('guard: a business center the user is not a member of sends them to the picker', async () => {
  await withPage(browser, 'guard-foreign-org', async ({ context, page }) => {
    await loginViaApi(context, 'brand@demo.test');
    await page.goto('/manage/overview?org=100001');
    await expectUrl(page, '/select');
    await page.getByRole('heading', { name: 'Select a business center' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Northwind Agency' }).count()).toBe(0);
  });
});

test('guard: a disabled business center says so in a banner and leads to the other centers', async () => {
  await withPage(browser, 'guard-disabled-center', async ({ context, page }) => {
    // 100005 Old Mill Ads is disabled; admin@demo.test was its admin.
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100005');
    await page.getByRole('alert').getByText('This business center is disabled').waitFor();
    await content(page).getByText('Choose another business center').waitFor();
    expect(await page.getByText('does not give access').count()).toBe(0);
    await page.getByRole('button', { name: 'Go to my business centers' }).click();
    await expectUrl(page, '/select');
    await page.getByRole('heading', { name: 'Select a business center' }).waitFor();
  });
  await withPage(browser, 'guard-disabled-center-zh', async ({ context, page }) => {
    await inChinese(context);
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/members?org=100005');
    await page.getByRole('alert').getByText('该商务中心已停用').waitFor();
    await content(page).getByText('请选择其他商务中心').waitFor();
    await page.getByRole('button', { name: '前往我的商务中心' }).click();
    await expectUrl(page, '/select');
  });
});

test("guard: an engaged center's admin opening its accounts is led to the verification, told once", async () => {
  await withPage(browser, 'guard-engaged-accounts', async ({ context, page }) => {
    // 100003 Harbor Media is engaged (not verified yet); pending@demo.test is its admin.
    await loginViaApi(context, 'pending@demo.test');
    await page.goto('/manage/account?org=100003');
    await content(page).getByText('Available once the business center is verified').waitFor();
    await content(page)
      .getByText('Complete the business information and submit it for verification.', { exact: false })
      .waitFor();
    // The page says it: no banner repeating it above.
    expect(await page.getByText('This business center awaits verification').count()).toBe(0);
    expect(await page.getByText('does not give access').count()).toBe(0);
    await page.getByRole('button', { name: 'Go to verification' }).click();
    await expectUrl(page, '/manage/verify?org=100003');
    await expectSelectedMenu(page, 'Verification');
  });
  await withPage(browser, 'guard-engaged-accounts-zh', async ({ context, page }) => {
    await inChinese(context);
    await loginViaApi(context, 'pending@demo.test');
    await page.goto('/manage/account?org=100003');
    await content(page).getByText('商务中心通过认证后即可使用').waitFor();
    await page.getByRole('button', { name: '前往资质认证' }).click();
    await expectUrl(page, '/manage/verify?org=100003');
  });
});

test('guard: a member who is not an operator is led from the operator tool to their centers', async () => {
  await withPage(browser, 'guard-not-operator', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/sa/tool');
    await content(page).getByText('For platform operators only').waitFor();
    expect(await page.getByText('Your role in this business center').count()).toBe(0);
    await page.getByRole('button', { name: 'Go to my business centers' }).click();
    await expectUrl(page, '/select');
  });
  await withPage(browser, 'guard-not-operator-zh', async ({ context, page }) => {
    await inChinese(context);
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/sa/tool');
    await content(page).getByText('仅限平台运营人员').waitFor();
    await page.getByRole('button', { name: '前往我的商务中心' }).click();
    await expectUrl(page, '/select');
  });
});

test('guard: Advertising in a center without an approved account says what to do, without bouncing', async () => {
  const { admin, org } = await createActiveAgency('no-account');
  try {
    await withPage(browser, 'guard-no-account', async ({ context, page }) => {
      await loginViaApi(context, admin.email, E2E_PASSWORD);
      await page.goto(`/manage/overview?org=${org}`);
      await page.getByText('Advertising', { exact: true }).click();
      await content(page).getByText('No advertiser account to advertise with yet').waitFor();
      await content(page).getByText('Create one on the advertiser accounts page', { exact: false }).waitFor();
      // The user stays in the advertising area: no redirect, no warning toast.
      expect(page.url()).toBe(urlOf(`/home/index?org=${org}`));
      await settle(page);
      expect(await page.getByText('No advertiser account found.').count()).toBe(0);
      await page.getByRole('button', { name: 'Go to advertiser accounts' }).click();
      await expectUrl(page, `/manage/account?org=${org}`);
      await expectSelectedMenu(page, 'Advertiser accounts');
    });
    await withPage(browser, 'guard-no-account-zh', async ({ context, page }) => {
      await inChinese(context);
      await loginViaApi(context, admin.email, E2E_PASSWORD);
      await page.goto(`/home/index?org=${org}`);
      await content(page).getByText('还没有可用于投放的广告账户').waitFor();
      await page.getByRole('button', { name: '前往广告账户' }).click();
      await expectUrl(page, `/manage/account?org=${org}`);
    });
  } finally {
    await admin.dispose();
  }
});
