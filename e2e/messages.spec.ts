import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, expectUrl, inChinese } from './support/console';

/**
 * Messages that say what is wrong (issue 18): "No operation permission" names its cause with the way
 * back, and the operator reviews an account's licenses, not its creatives and app icons.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const BLUEBIRD = 100002;
const SHOES = 1000001;

test("messages: an agency feature in an advertiser-type center names the center's type, with a way back", async () => {
  await withPage(browser, 'messages-forbidden-org-type', async ({ context, page }) => {
    await loginViaApi(context, 'brand@demo.test');
    await page.goto(`/manage/verify?org=${BLUEBIRD}`);
    await content(page).getByText('Not available in advertiser business centers').waitFor();
    await content(page)
      .getByText('Bluebird Retail is an advertiser-type business center', { exact: false })
      .waitFor();
    expect(await content(page).getByText('Your role in this business center').count()).toBe(0);
    await content(page).getByRole('button', { name: 'Go to the overview' }).click();
    await expectUrl(page, `/manage/overview?org=${BLUEBIRD}`);
  });
});

test('messages: the same in Chinese, for an advertiser-type center', async () => {
  await withPage(browser, 'messages-forbidden-org-type-zh', async ({ context, page }) => {
    await inChinese(context);
    await loginViaApi(context, 'brand@demo.test');
    await page.goto(`/manage/verify?org=${BLUEBIRD}`);
    await content(page).getByText('广告主类型的商务中心不提供此功能').waitFor();
    await content(page).getByText('Bluebird Retail 是广告主类型的商务中心', { exact: false }).waitFor();
    await content(page).getByRole('button', { name: '前往概览' }).click();
    await expectUrl(page, `/manage/overview?org=${BLUEBIRD}`);
  });
});

test('messages: a page the role lacks names the role', async () => {
  await withPage(browser, 'messages-forbidden-role', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/manage/partner?org=100001');
    await content(page).getByText('Your role here is Standard', { exact: false }).waitFor();
    expect(await content(page).getByText('advertiser-type').count()).toBe(0);
  });
});

test('messages: the role named in Chinese', async () => {
  await withPage(browser, 'messages-forbidden-role-zh', async ({ context, page }) => {
    await inChinese(context);
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/manage/partner?org=100001');
    await content(page).getByText('您在此的角色是“普通成员”', { exact: false }).waitFor();
  });
});

test("messages: the operator reviews Northwind Shoes' license only, not its creatives and app icons", async () => {
  await withPage(browser, 'messages-operator-licenses', async ({ context, page }) => {
    await loginViaApi(context, 'operator@demo.test');
    await page.goto(`/sa/tool?tab=accounts&status=1&id=${SHOES}`);
    await page.getByRole('heading', { name: 'Northwind Shoes', level: 4 }).waitFor();
    const license = page.getByRole('link', {
      name: 'Open northwind-shoes-business-license.pdf in a new tab',
    });
    await license.waitFor();
    expect(await page.getByRole('link', { name: /^Open .* in a new tab$/ }).count()).toBe(1);
    expect(await page.getByText('creative-', { exact: false }).count()).toBe(0);
  });
});

test("messages: the operator's evidence in Chinese lists the license only", async () => {
  await withPage(browser, 'messages-operator-licenses-zh', async ({ context, page }) => {
    await inChinese(context);
    await loginViaApi(context, 'operator@demo.test');
    await page.goto(`/sa/tool?tab=accounts&status=1&id=${SHOES}`);
    await page.getByRole('heading', { name: 'Northwind Shoes', level: 4 }).waitFor();
    await page.getByRole('link', { name: '在新标签页中打开 northwind-shoes-business-license.pdf' }).waitFor();
    expect(await page.getByRole('link', { name: /^在新标签页中打开 / }).count()).toBe(1);
  });
});
