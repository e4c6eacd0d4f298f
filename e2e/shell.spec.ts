import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import {
  chooseHeaderLanguage,
  content,
  documentMarker,
  expectUrl,
  inChinese,
  logInThroughForm,
  markDocument,
  settle,
  sideMenu,
  sideMenuTexts,
  urlOf,
} from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const storedLocale = (page: Page) => page.evaluate(() => localStorage.getItem('SC-LOCALE'));

const ADS_MENU = [
  'Home',
  'Campaigns',
  'Assets',
  'Reports',
  'Custom report',
  'Hourly report',
  'Bundle report',
];

/** The ads side menu with the Reports submenu opened, as rendered. */
async function adsMenuTexts(page: Page): Promise<string[]> {
  const reports = sideMenu(page).getByRole('menuitem', { name: 'Reports' });
  await reports.click();
  await sideMenu(page).getByRole('menuitem', { name: 'Bundle report' }).waitFor();
  return sideMenuTexts(page);
}

test('shell: switch the language to Chinese from the header and back, kept across a reload', async () => {
  await withPage(browser, 'shell-language-header', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    await sideMenu(page).getByRole('menuitem', { name: 'Members' }).waitFor();

    await chooseHeaderLanguage(page, 'Language', '简体中文');
    await sideMenu(page).getByRole('menuitem', { name: '成员' }).waitFor();
    expect(await sideMenuTexts(page)).toContain('广告账户');
    await page.getByText('商务中心', { exact: true }).first().waitFor();
    expect(await storedLocale(page)).toBe('zh-CN');

    await page.reload();
    await sideMenu(page).getByRole('menuitem', { name: '成员' }).waitFor();
    expect(await page.getByRole('button', { name: '用户菜单' }).isVisible()).toBe(true);
    expect(await sideMenu(page).getByRole('menuitem', { name: 'Members' }).count()).toBe(0);

    await chooseHeaderLanguage(page, '语言', 'English');
    await sideMenu(page).getByRole('menuitem', { name: 'Members' }).waitFor();
    expect(await storedLocale(page)).toBe('en-US');
    await page.reload();
    await sideMenu(page).getByRole('menuitem', { name: 'Members' }).waitFor();
  });
});

test('shell: the login page language selector switches the page to Chinese', async () => {
  await withPage(browser, 'shell-language-login', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();

    await page.getByRole('radiogroup', { name: 'Language' }).getByText('简体中文', { exact: true }).click();

    await page.getByRole('heading', { name: '登录' }).waitFor();
    expect(await storedLocale(page)).toBe('zh-CN');
    await page.reload();
    await page.getByRole('heading', { name: '登录' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  });
});

test('shell: the switcher menu opens the business center list in a new tab and links the documentation', async () => {
  await withPage(browser, 'shell-switcher-links', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    await page.getByRole('button', { name: 'Switcher' }).click();

    expect(await page.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe('/docs/en/');
    // The link sits in a dropdown that slides in: click once it has settled, and again if a click
    // landed during the animation and opened nothing.
    const link = page.getByRole('link', { name: 'Business center', exact: true });
    let tab: Page | undefined;
    for (let attempt = 1; !tab; attempt++) {
      if (!(await link.isVisible())) await page.getByRole('button', { name: 'Switcher' }).click();
      await link.waitFor();
      await settle(page);
      const opened = context.waitForEvent('page', { timeout: 8_000 });
      await link.click();
      tab = await opened.catch((error) => {
        if (attempt === 3) throw error;
        return undefined;
      });
    }
    await tab.waitForURL((url) => url.pathname === '/select');
    await tab.getByRole('heading', { name: 'Select a business center' }).waitFor();
    expect(page.url()).toBe(urlOf('/manage/overview?org=100001'));

    await chooseHeaderLanguage(page, 'Language', '简体中文');
    await page.getByRole('button', { name: '切换' }).click();
    expect(await page.getByRole('link', { name: '帮助文档' }).getAttribute('href')).toBe('/docs/zh/');
  });
});

test('shell: only an org admin with markup on may switch the view role in the global settings', async () => {
  await withPage(browser, 'shell-global-settings', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    const openSettings = async () => {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Global settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Global settings' });
      await dialog.getByText('Report time zone').waitFor();
      return dialog;
    };

    // Admin of Northwind with markup on.
    await page.goto('/manage/overview?org=100001');
    let dialog = await openSettings();
    await dialog.getByText('Report dimension').waitFor();
    await dialog.getByText('View as').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Advertiser' }).count()).toBe(1);
    expect(await dialog.getByRole('radio', { name: 'Agent' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Standard member of Bluebird: no view switch.
    await page.goto('/manage/overview?org=100002');
    await page.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();
    dialog = await openSettings();
    await dialog.getByText('Report dimension').waitFor();
    expect(await dialog.getByText('View as').count()).toBe(0);
  });
  await withPage(browser, 'shell-global-settings-no-markup', async ({ context, page }) => {
    // brand@demo.test is an org admin, but markup is off for them.
    await loginViaApi(context, 'brand@demo.test');
    await page.goto('/manage/overview?org=100002');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Global settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Global settings' });
    await dialog.getByText('Report dimension').waitFor();
    expect(await dialog.getByText('View as').count()).toBe(0);
  });
});

test('shell: the global settings dialog changes the language', async () => {
  await withPage(browser, 'shell-global-settings-language', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/manage/overview?org=100001');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Global settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Global settings' });
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('简体中文', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();

    await sideMenu(page).getByRole('menuitem', { name: '成员' }).waitFor();
    expect(await storedLocale(page)).toBe('zh-CN');
    // The confirmation is in the language just chosen (it shows for three seconds).
    await page.getByText('设置已保存。').waitFor({ timeout: 3_000 });
  });
});

test('shell: the side menu is 220 px wide, 48 px collapsed, and stays collapsed after a reload', async () => {
  await withPage(browser, 'shell-side-menu-width', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    const sider = sideMenu(page);
    const width = async () => (await sider.boundingBox())?.width ?? -1;

    await sider.getByRole('menuitem', { name: 'Members' }).waitFor();
    await expect.poll(width).toBe(220);

    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(width).toBe(48);

    await page.reload();
    await page.getByRole('button', { name: 'Expand menu' }).waitFor();
    await expect.poll(width).toBe(48);

    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect.poll(width).toBe(220);
    await page.reload();
    await page.getByRole('button', { name: 'Collapse menu' }).waitFor();
    await expect.poll(width).toBe(220);
  });
});

test('shell: the user popup shows the avatar letter, the name, the user id and the current center', async () => {
  await withPage(browser, 'shell-user-popup', async ({ context, page }) => {
    const { user } = await loginViaApi(context, 'brand@demo.test');
    await page.goto('/manage/overview?org=100002');
    await page.getByRole('button', { name: 'User menu' }).click();

    const popup = page.getByRole('tooltip');
    await popup.getByText(`User ID: ${user._id}`).waitFor();
    await popup.getByText('Bea Brand', { exact: true }).waitFor();
    await popup.getByText('B', { exact: true }).first().waitFor();
    await popup.getByText('Current business center').waitFor();
    await popup.getByText('Bluebird Retail', { exact: true }).waitFor();
    await popup.getByText('100002', { exact: true }).waitFor();
    for (const item of ['User settings', 'Global settings', 'Reset password', 'Log out']) {
      await popup.getByRole('menuitem', { name: item }).waitFor();
    }
  });
});

test('shell: switch the business center from the user popup', async () => {
  await withPage(browser, 'shell-org-switch', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    await page.getByRole('heading', { name: 'Northwind Agency' }).waitFor();
    await markDocument(page);

    // Choosing the current center does nothing: same URL, no reload.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Current business center').waitFor();
    await page.getByRole('menuitem', { name: 'Northwind Agency (100001)' }).click();
    await settle(page);
    expect(page.url()).toBe(urlOf('/manage/overview?org=100001'));
    expect(await documentMarker(page)).toBe('still-here');

    // Another center replaces org and reloads the page.
    await page.getByRole('menuitem', { name: 'Bluebird Retail (100002)' }).click();
    await expectUrl(page, '/manage/overview?org=100002');
    await page.getByRole('heading', { name: 'Bluebird Retail' }).waitFor();
    expect(await documentMarker(page)).toBeNull();
  });
});

test('shell: switching the center from an advertising page leaves the old account behind', async () => {
  await withPage(browser, 'shell-org-switch-ads', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/home/index?org=100001&adv=1000002');
    await page.getByRole('banner').getByText('Northwind Games').waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Bluebird Retail (100002)' }).click();
    // The new center's first active account is opened: Bluebird Main.
    await expectUrl(page, '/home/index?org=100002&adv=1000007');
    await page.getByRole('banner').getByText('Bluebird Main').waitFor();
  });
});

test('shell: the business-center list of the user popup offers only active centers', async () => {
  await withPage(browser, 'shell-org-switch-list', async ({ context, page }) => {
    // admin@demo.test is also admin of 100005 Old Mill Ads, which is disabled.
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Switch business center').waitFor();
    await page.getByRole('menuitem', { name: 'Bluebird Retail (100002)' }).waitFor();
    expect(await page.getByRole('menuitem', { name: /Old Mill Ads/ }).count()).toBe(0);
  });
});

test('shell: the advertiser switcher refuses an account in review and switches to an active one', async () => {
  await withPage(browser, 'shell-adv-switch', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    const start = '/home/index?org=100001&adv=1000001';
    await page.goto(start);
    const switcher = page.getByRole('combobox', { name: 'Advertiser account' });
    await switcher.waitFor();
    await markDocument(page);
    const dropdown = page.locator('.ant-select-dropdown:visible');

    await switcher.click();
    await dropdown.getByText('Northwind Travel').click();
    await page.getByText('The account status is abnormal and cannot be used for now').waitFor();
    await settle(page);
    expect(page.url()).toBe(urlOf(start));
    expect(await documentMarker(page)).toBe('still-here');

    await switcher.click();
    await dropdown.getByText('Northwind Games').click();
    await expectUrl(page, '/home/index?org=100001&adv=1000002');
    await page.getByText('Home', { exact: true }).first().waitFor();
    expect(await documentMarker(page)).toBeNull();
  });
});

test('shell: an org admin of an agency sees every menu entry', async () => {
  await withPage(browser, 'shell-menu-admin', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    expect(await sideMenuTexts(page)).toEqual([
      'Overview',
      'Members',
      'Partners',
      'Advertiser accounts',
      'Payment',
      'Finance center',
      'Business info',
      'Verification',
    ]);

    await page.goto('/home/index?org=100001&adv=1000001');
    expect(await adsMenuTexts(page)).toEqual(ADS_MENU);
  });
});

test('shell: a standard member sees no admin-only entries', async () => {
  await withPage(browser, 'shell-menu-standard', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/manage/overview?org=100001');
    expect(await sideMenuTexts(page)).toEqual([
      'Overview',
      'Members',
      'Advertiser accounts',
      'Business info',
    ]);

    await page.goto('/home/index?org=100001&adv=1000001');
    expect(await adsMenuTexts(page)).toEqual(ADS_MENU);
  });
});

test('shell: the admin of an advertiser-type center has no finance or verification', async () => {
  await withPage(browser, 'shell-menu-advertiser-center', async ({ context, page }) => {
    await loginViaApi(context, 'brand@demo.test');
    await page.goto('/manage/overview?org=100002');
    expect(await sideMenuTexts(page)).toEqual([
      'Overview',
      'Members',
      'Partners',
      'Advertiser accounts',
      'Business info',
    ]);

    await page.goto('/home/index?org=100002&adv=1000007');
    expect(await adsMenuTexts(page)).toEqual(ADS_MENU);
  });
});

test('shell: centers in review or engaged show only the business settings', async () => {
  await withPage(browser, 'shell-menu-pending', async ({ context, page }) => {
    await loginViaApi(context, 'pending@demo.test');

    // 100003 Harbor Media is engaged; pending@demo.test is its admin.
    await page.goto('/manage/setting?org=100003');
    await page.getByText('This business center awaits verification').waitFor();
    await page
      .getByText('Complete the business information and submit it for verification.', { exact: false })
      .waitFor();
    expect(await sideMenuTexts(page)).toEqual(['Business info', 'Verification']);
    expect(await page.getByText('Advertising', { exact: true }).count()).toBe(0);

    // 100004 Summit Ads is in review; pending@demo.test is a standard member there.
    await page.goto('/manage/setting?org=100004');
    await page.getByText('Your business center is being reviewed.', { exact: false }).waitFor();
    expect(await sideMenuTexts(page)).toEqual(['Business info', 'Verification']);

    // The overview is not part of their menus: it opens once the center is verified.
    await page.goto('/manage/overview?org=100004');
    await page.getByText('Available once the business center is verified').waitFor();
  });
});

test('shell: a creative viewer is sent to the creative viewer page', async () => {
  await withPage(browser, 'shell-menu-viewer', async ({ context, page }) => {
    await loginViaApi(context, 'viewer@demo.test');
    await page.goto('/manage/overview?org=100001');
    await expectUrl(page, '/creative/index');
    await page.getByRole('banner').getByText('Creative viewer').waitFor();
    expect(await sideMenu(page).count()).toBe(0);
    // Its own header: language, change password and log out.
    await page.getByRole('radiogroup', { name: 'Language' }).waitFor();
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page
      .getByRole('dialog', { name: 'Reset password' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

test('shell: a platform operator opens the tool page, an org admin is told it is for operators', async () => {
  await withPage(browser, 'shell-sa-operator', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto('/sa/tool');
    await page.getByRole('banner').getByText('Operator tool').waitFor();
    // The guard has decided once the content shows: the operator gets the tool, not the 403 result.
    await content(page).waitFor();
    await expect.poll(async () => (await content(page).textContent())?.trim().length ?? 0).toBeGreaterThan(0);
    expect(await page.getByText('No operation permission').count()).toBe(0);
    expect(page.url()).toBe(urlOf('/sa/tool'));
  });
  await withPage(browser, 'shell-sa-admin', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/sa/tool');
    await page.getByText('For platform operators only').waitFor();
    expect(page.url()).toBe(urlOf('/sa/tool'));
    expect(await content(page).textContent()).not.toContain('Operator tool');
  });
});

test('shell: an operator who logs in lands on the operator tool, and every operator finds it in the user menu', async () => {
  await withPage(browser, 'shell-operator-landing', async ({ page }) => {
    await page.goto('/login');
    await logInThroughForm(page, 'operator@demo.test');
    await expectUrl(page, '/sa/tool');
    await page.getByRole('banner').getByText('Operator tool').waitFor();
    expect(await page.getByText('You are not in any business center yet').count()).toBe(0);

    await page.goto('/setting/index');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Operator tool' }).click();
    await expectUrl(page, '/sa/tool');
  });
  await withPage(browser, 'shell-operator-link-not-for-members', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'User settings' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Operator tool' }).count()).toBe(0);
  });
});

test('shell: the collapsed business center menu shows one distinct icon per page and no group titles', async () => {
  await withPage(browser, 'shell-collapsed-icons', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/members?org=100001');
    await sideMenu(page).getByRole('menuitem', { name: 'Members' }).waitFor();
    expect(await sideMenu(page).locator('.ant-menu-item-group-title').count()).toBe(5);
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(async () => (await sideMenu(page).boundingBox())?.width).toBe(48);

    expect(await sideMenu(page).locator('.ant-menu-item-group-title').count()).toBe(0);
    const items = sideMenu(page).getByRole('menuitem');
    const icons = await items.evaluateAll((els) =>
      els.map((el) => el.querySelector('.anticon')?.getAttribute('aria-label') ?? null),
    );
    expect(icons).toHaveLength(8);
    expect(icons.every((icon) => icon !== null)).toBe(true);
    expect(new Set(icons).size).toBe(8);
    // An icon still leads to its page, and the page is marked.
    await items.nth(2).click();
    await expectUrl(page, '/manage/partner?org=100001');
    expect(await sideMenu(page).locator('.ant-menu-item-selected').count()).toBe(1);
  });
});

/** The text of the page's own title (its heading, or the title of a page still to come). */
const pageTitle = (page: Page) =>
  content(page).locator('h3, .ant-result-title, .status-result-title').first();

async function expectMenuTitles(page: Page, product: string, skip: string[]) {
  const labels = (await sideMenuTexts(page)).filter((l) => !skip.includes(l));
  for (const label of labels) {
    // The entry's name is its icon's label and its text: match the text at its end.
    await sideMenu(page)
      .getByRole('menuitem', { name: new RegExp(`${label}$`) })
      .click();
    await expect.poll(() => page.title()).toBe(`${label} · ${product}`);
    await expect
      .poll(async () => (await pageTitle(page).textContent())?.trim() ?? '')
      .toMatch(new RegExp(`^${label}`));
  }
  return labels;
}

test('shell: every menu entry opens a page titled as the entry, in English and in Chinese', async () => {
  await withPage(browser, 'shell-menu-titles', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/members?org=100001');
    await sideMenu(page).getByRole('menuitem', { name: 'Members' }).waitFor();
    // The overview's heading is the center's own name.
    const manage = await expectMenuTitles(page, 'Scaler Console', ['Overview']);
    expect(manage).toContain('Business info');
    await page.goto('/home/index?org=100001&adv=1000001');
    await sideMenu(page).getByRole('menuitem', { name: 'Reports' }).click();
    await expectMenuTitles(page, 'Scaler Console', ['Reports']);
  });
  await withPage(browser, 'shell-menu-titles-zh', async ({ context, page }) => {
    await inChinese(context);
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/members?org=100001');
    await sideMenu(page).getByRole('menuitem', { name: '成员' }).waitFor();
    await expectMenuTitles(page, 'Scaler Console', ['概览']);
    await page.goto('/home/index?org=100001&adv=1000001');
    await sideMenu(page).getByRole('menuitem', { name: '报表' }).click();
    const ads = await expectMenuTitles(page, 'Scaler Console', ['报表']);
    // Campaigns are 广告系列, as on their page; the advertising area keeps 广告投放.
    expect(ads).toContain('广告系列');
    expect(ads).not.toContain('广告投放');
    await page.getByText('广告投放', { exact: true }).waitFor();
  });
});

test('shell: one product name in the tab, the header and the login page', async () => {
  await withPage(browser, 'shell-product-name', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.title()).toBe('Scaler Console');
    expect(await page.getByText('Scaler Console', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Scaler Ads').count()).toBe(0);
  });
});

test('shell: report time zones are listed west to east, local time first', async () => {
  await withPage(browser, 'shell-time-zones', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/manage/overview?org=100001');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Global settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Global settings' });
    await dialog.getByRole('combobox', { name: 'Report time zone' }).click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    const options = dropdown.locator('.ant-select-item-option');
    await options.first().waitFor();
    // The list opens at the current choice (UTC+00:00): scroll it to its top, as a user would.
    await options.first().hover();
    await page.mouse.wheel(0, -5000);
    await expect.poll(async () => (await options.first().textContent())?.trim()).toMatch(/^Local time/);
    const shown = (await options.allInnerTexts()).map((t) => t.trim());
    expect(shown[0]).toMatch(/^Local time \(UTC[+-]\d\d:\d\d\)$/);
    expect(shown.slice(1, 5)).toEqual(['UTC-12:00', 'UTC-11:00', 'UTC-10:00', 'UTC-09:00']);
  });
});

test('shell: a browser at UTC+05:30 reports in the nearest whole-hour zone and says so, in both languages', {
  timeout: 150_000,
}, async () => {
  for (const [language, label, note] of [
    [
      'en-US',
      'Local time (UTC+05:00: reports count whole hours, the nearest to your UTC+05:30)',
      'Time zone: UTC+05:00 (nearest whole hour to your UTC+05:30)',
    ],
    [
      'zh-CN',
      '本地时间（UTC+05:00：报表按整小时统计，取最接近您的 UTC+05:30 的整小时时区）',
      '时区：UTC+05:00（最接近您的 UTC+05:30 的整小时时区）',
    ],
  ] as const) {
    await withPage(
      browser,
      `shell-part-hour-zone-${language}`,
      async ({ context, page }) => {
        if (language === 'zh-CN') await inChinese(context);
        // "Local time" chosen in the global settings, in India.
        await context.addInitScript(() => localStorage.setItem('SC-TIMEZONE', '+99:00'));
        const zones = new Set<string>();
        const refused: string[] = [];
        page.on('request', (r) => {
          if (new URL(r.url()).pathname.startsWith('/scaler/')) zones.add(r.headers().timezone ?? '');
        });
        page.on('response', (r) => {
          if (r.status() === 400) refused.push(r.url());
        });
        await loginViaApi(context, 'admin@demo.test');
        await page.goto('/report/index?org=100001&adv=1000001');
        // Beside the report's dates: the zone it counts in, and why it is not the browser's.
        await expect.poll(() => page.getByTestId('report-time-zone').textContent()).toBe(note);
        await page.getByRole('button', { name: language === 'en-US' ? 'User menu' : '用户菜单' }).click();
        await page
          .getByRole('menuitem', { name: language === 'en-US' ? 'Global settings' : '全局设置' })
          .click();
        const dialog = page.getByRole('dialog', {
          name: language === 'en-US' ? 'Global settings' : '全局设置',
        });
        await dialog.getByText(label, { exact: true }).waitFor();
        // Every call asked for +05:00; none sent +05:30, none was refused.
        expect([...zones]).toEqual(['+05:00']);
        expect(refused).toEqual([]);
      },
      { timezoneId: 'Asia/Kolkata' },
    );
  }
});

test('shell: tables can be made compact in the global settings, and stay compact', async () => {
  await withPage(browser, 'shell-table-density', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/members?org=100001');
    const cell = content(page).locator('.ant-table-tbody tr.ant-table-row td').first();
    await cell.waitFor();
    const padding = () => cell.evaluate((el) => getComputedStyle(el).paddingTop);
    expect(Number.parseFloat(await padding())).toBeGreaterThan(8);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Global settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Global settings' });
    await dialog.getByText('Compact', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(padding).toBe('8px');

    await page.reload();
    await cell.waitFor();
    expect(await padding()).toBe('8px');
  });
});

test('shell: built files come compressed and cached for good; a missing file is a 404', async () => {
  await withPage(browser, 'shell-static-files', async ({ page }) => {
    const scripts: { url: string; encoding?: string; cache?: string }[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/_app/') && res.url().endsWith('.js'))
        scripts.push({
          url: res.url(),
          encoding: res.headers()['content-encoding'],
          cache: res.headers()['cache-control'],
        });
    });
    const doc = await page.goto('/login');
    expect(doc?.headers()['cache-control']).toBe('no-cache');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(scripts.length).toBeGreaterThan(5);
    for (const s of scripts) {
      expect(s.cache, s.url).toBe('public, max-age=31536000, immutable');
      // Chromium accepts brotli: everything big enough to be worth it comes compressed.
    }
    expect(scripts.filter((s) => s.encoding === 'br').length).toBeGreaterThan(scripts.length / 2);

    for (const path of ['/assets/nope.js', '/_app/nope.js']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).not.toContain('<div id="root">');
    }
  });
});

test("shell: a page loads only its own language's strings, and only the namespaces it uses", async () => {
  await withPage(browser, 'shell-strings-on-demand', async ({ context, page }) => {
    await inChinese(context);
    const strings: string[] = [];
    page.on('request', (req) => {
      const name = req.url().match(/\/_app\/((?:en-US|zh-CN)-[\w-]+?)-[\w-]{8}\.js$/)?.[1];
      if (name) strings.push(name);
    });
    await page.goto('/login');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    expect(strings.every((s) => s.startsWith('zh-CN-'))).toBe(true);
    expect(strings).toContain('zh-CN-accounts');
    expect(strings).not.toContain('zh-CN-assets');
    expect(strings).not.toContain('zh-CN-members');
  });
});
