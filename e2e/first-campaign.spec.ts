import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Api, apiAs, createActiveAccount, createActiveAgency, E2E_PASSWORD } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { chooseOption, content, inChinese } from './support/console';

let browser: Browser;
let demo: Api;
beforeAll(async () => {
  browser = await launchBrowser();
  demo = await apiAs('admin@demo.test');
});
afterAll(async () => {
  await demo?.dispose();
  await browser?.close();
});

/** Northwind Shoes: its Android app "Northwind Shoes" (com.northwind.shoes) is in the demo. */
const SHOES = '?org=100001&adv=1000001';
const stamp = Date.now().toString(36);
/** Several page loads and a new center per test: more than the default minute on a busy machine. */
const SLOW = 180_000;
/** The first answer of a freshly opened editor page may take long on a busy machine. */
const FIRST_LOAD = { timeout: 90_000 };

/** A campaign of Northwind Shoes (the demo has several). */
async function shoesCampaign(): Promise<number> {
  const res = await demo.request.get('/scaler/v3/utils/campaign_list', {
    headers: { 'org-id': '100001', 'adv-id': '1000001', language: 'en-US' },
  });
  const list = (await res.json()).data as { id: number }[];
  return list[0].id;
}

test(
  'first-campaign: from the campaign step to the ad group step no error shows, even when the form reloads mid-answer',
  async () => {
    await withPage(browser, 'first-campaign-no-abort-error', async ({ context, page }) => {
      // A slow network, made certain: the first audience list arrives slowly (its body after its headers)
      // and the promoted app answers once that list is on its way, so the ad group form remounts while
      // the body is read and the first request is aborted (spec 8: never an error to the user).
      await context.addInitScript(() => {
        const realFetch = window.fetch.bind(window);
        const w = window as unknown as { __bodyAborts: number; __audienceAnswers: number };
        w.__bodyAborts = 0;
        w.__audienceAnswers = 0;
        let audiencesAsked: () => void = () => {};
        const audiencesOnTheirWay = new Promise<void>((resolve) => {
          audiencesAsked = resolve;
        });
        let slowed = false;
        window.fetch = async (input, init) => {
          const url = String(input instanceof Request ? input.url : input);
          if (url.includes('/scaler/v3/audiences?') && slowed) {
            const answer = await realFetch(input, init);
            w.__audienceAnswers += 1;
            return answer;
          }
          if (url.includes('/scaler/v3/adgroup/app/info')) {
            const answer = await realFetch(input, init);
            await audiencesOnTheirWay;
            await new Promise((resolve) => setTimeout(resolve, 300));
            return answer;
          }
          if (!url.includes('/scaler/v3/audiences?')) return realFetch(input, init);
          slowed = true;
          audiencesAsked();
          const answer = await realFetch(input, init);
          const bytes = new Uint8Array(await answer.arrayBuffer());
          const signal = init?.signal;
          const body = new ReadableStream<Uint8Array>({
            start(stream) {
              const late = setTimeout(() => {
                stream.enqueue(bytes);
                stream.close();
              }, 10_000);
              signal?.addEventListener('abort', () => {
                clearTimeout(late);
                w.__bodyAborts += 1;
                stream.error(new DOMException('The user aborted a request.', 'AbortError'));
              });
            },
          });
          return new Response(body, { status: answer.status, headers: answer.headers });
        };
      });
      await loginViaApi(context, 'admin@demo.test');
      await page.goto(`/perf/new${SHOES}`);
      await content(page).getByLabel('Campaign name').waitFor(FIRST_LOAD);
      await content(page).getByLabel('Campaign name').fill(`E2E first ${stamp}`);
      await chooseOption(
        page,
        content(page).getByRole('combobox', { name: 'App' }),
        'Northwind Shoes · com.northwind.shoes',
      );
      await content(page).getByLabel('Budget amount').fill('500');
      await content(page).getByRole('button', { name: 'Save and create an ad group' }).click();
      await page.waitForURL(/step=adgroup/, FIRST_LOAD);
      // The first audience list was aborted while its body was read ...
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __bodyAborts: number }).__bodyAborts), {
          timeout: 30_000,
        })
        .toBe(1);
      // ... and the remounted form asked again and has its answer.
      await expect
        .poll(
          () => page.evaluate(() => (window as unknown as { __audienceAnswers: number }).__audienceAnswers),
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThan(0);
      await content(page).getByText('No audience chosen', { exact: false }).waitFor();
      expect(await page.getByText('Serve error, please try again!').count()).toBe(0);
      expect(await page.locator('.ant-message-error').count()).toBe(0);
    });
  },
  SLOW,
);

/** Types into the countries picker and returns the options shown, best first. */
async function searchCountries(page: Page, label: string, text: string): Promise<string[]> {
  const field = content(page).getByRole('combobox', { name: label });
  await field.fill(text);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-item-option').first().waitFor();
  return dropdown.locator('.ant-select-item-option').allInnerTexts();
}

test(
  'first-campaign: the country picker finds a country by code and by name, best match first',
  async () => {
    const campaignId = await shoesCampaign();
    const url = `/perf/new${SHOES}&step=adgroup&campaign_id=${campaignId}`;
    await withPage(browser, 'first-campaign-countries', async ({ context, page }) => {
      await loginViaApi(context, 'admin@demo.test');
      await page.goto(url);
      await content(page).getByText('None chosen: every country.').waitFor(FIRST_LOAD);
      const picker = content(page).locator('.ant-form-item').filter({ hasText: 'Countries' }).first();
      // "US": the United States first (not every name holding "us").
      expect((await searchCountries(page, 'Countries', 'US'))[0]).toBe('United States of America (US)');
      await page.keyboard.press('Escape');
      // "United States" + Enter: the United States, not its minor outlying islands.
      const found = await searchCountries(page, 'Countries', 'United States');
      expect(found.slice(0, 2)).toEqual([
        'United States of America (US)',
        'United States Minor Outlying Islands (UM)',
      ]);
      await page.keyboard.press('Enter');
      await picker.locator('.ant-select-selection-item').filter({ hasText: '(US)' }).waitFor();
      expect(await picker.locator('.ant-select-selection-item').allInnerTexts()).toEqual([
        'United States of America (US)',
      ]);
      // A common name: "UK" is the United Kingdom.
      expect((await searchCountries(page, 'Countries', 'UK'))[0]).toBe('United Kingdom (GB)');
    });
    await withPage(
      browser,
      'first-campaign-countries-zh',
      async ({ context, page }) => {
        await inChinese(context);
        await loginViaApi(context, 'admin@demo.test');
        await page.goto(url);
        await content(page).getByText('所有国家/地区', { exact: true }).first().waitFor(FIRST_LOAD);
        const picker = content(page).locator('.ant-form-item').filter({ hasText: '国家/地区' }).first();
        const found = await searchCountries(page, '国家/地区', '美国');
        expect(found[0]).toBe('美国 (US)');
        expect(found).toContain('美国本土外小岛屿 (UM)');
        await page.keyboard.press('Enter');
        await picker.locator('.ant-select-selection-item').filter({ hasText: '(US)' }).waitFor();
        expect(await picker.locator('.ant-select-selection-item').allInnerTexts()).toEqual(['美国 (US)']);
        // The code and the English name work on a Chinese page too.
        expect((await searchCountries(page, '国家/地区', 'GB'))[0]).toBe('英国 (GB)');
        expect((await searchCountries(page, '国家/地区', 'Japan'))[0]).toBe('日本 (JP)');
      },
      { locale: 'zh-CN' },
    );
  },
  SLOW,
);

test(
  'first-campaign: a new account creates its app and its pixel from the campaign form and goes on',
  async () => {
    const { admin, org } = await createActiveAgency('first-campaign');
    try {
      const adv = await createActiveAccount(admin, org, `E2E First Shoes ${stamp}`);
      await withPage(browser, 'first-campaign-create-assets', async ({ context, page }) => {
        await loginViaApi(context, admin.email, E2E_PASSWORD);
        // The home page of a new account says what to do first.
        await page.goto(`/home/index?org=${org}&adv=${adv}`);
        const first = content(page).getByTestId('home-first-step');
        await first.getByText('Start with your first campaign').waitFor(FIRST_LOAD);
        expect(await content(page).getByText('vs the period before').count()).toBe(0);
        await first.getByRole('button', { name: 'Create campaign' }).click();
        await page.waitForURL(new RegExp(`/perf/new\\?org=${org}&adv=${adv}$`));
        await content(page).getByLabel('Campaign name').waitFor(FIRST_LOAD);

        await content(page).getByLabel('Campaign name').fill(`E2E first ${stamp}`);
        await content(page).getByText('The account has no Android app yet.').waitFor();
        await content(page).getByRole('button', { name: 'Create an app' }).click();
        const dialog = page.getByRole('dialog', { name: 'Create app' });
        // Asked for the form's operating system.
        expect(await dialog.getByRole('radio', { name: 'Android' }).isChecked()).toBe(true);
        // For the icon only the button shows (the browser's own file input is hidden); Enter opens it.
        // (The form's label "Icon" names the button; its text says what it does.)
        const uploadIcon = dialog.locator('button', { hasText: 'Upload icon' });
        await uploadIcon.waitFor();
        expect(await dialog.locator('input[type=file]').isVisible()).toBe(false);
        const chooser = page.waitForEvent('filechooser');
        await uploadIcon.focus();
        await page.keyboard.press('Enter');
        await chooser;
        await dialog.getByLabel('App name').fill('First Shoes');
        await dialog
          .getByLabel('Download link')
          .fill(`https://play.google.com/store/apps/details?id=com.first.shoes${stamp}`);
        await dialog.getByLabel('App ID at the partner').fill('first-shoes');
        await dialog.getByRole('button', { name: /Create$/ }).click();
        await dialog.waitFor({ state: 'hidden' });
        // Back on the form, where it was, with the new app chosen.
        expect(page.url()).not.toContain('step=');
        expect(await content(page).getByLabel('Campaign name').inputValue()).toBe(`E2E first ${stamp}`);
        await content(page)
          .locator('.ant-select')
          .getByText(`First Shoes · com.first.shoes${stamp}`, { exact: true })
          .waitFor();

        // A website campaign needs a pixel: the same in place.
        await content(page).getByText('A website', { exact: true }).click();
        await content(page).getByText('The account has no pixel yet.').waitFor();
        await content(page).getByRole('button', { name: 'Create a pixel' }).click();
        const pixelDialog = page.getByRole('dialog', { name: 'Create pixel' });
        await pixelDialog.getByLabel('Pixel name').fill('First pixel');
        await pixelDialog.getByRole('button', { name: /Create$/ }).click();
        await pixelDialog.waitFor({ state: 'hidden' });
        await content(page).locator('.ant-select').getByText('First pixel', { exact: true }).waitFor();
        await content(page).getByLabel('Landing page URL').fill('https://first-shoes.example/sale');
        await content(page).getByLabel('Budget amount').fill('100');
        await content(page).getByRole('button', { name: 'Save and create an ad group' }).click();
        await page.waitForURL(/step=adgroup/);
        await content(page).getByLabel('Ad group name').waitFor();
      });
      await withPage(
        browser,
        'first-campaign-home-zh',
        async ({ context, page }) => {
          await inChinese(context);
          await loginViaApi(context, admin.email, E2E_PASSWORD);
          const other = await createActiveAccount(admin, org, `E2E Empty ${stamp}`);
          await page.goto(`/home/index?org=${org}&adv=${other}`);
          const first = content(page).getByTestId('home-first-step');
          await first.getByText('从第一个广告系列开始').waitFor(FIRST_LOAD);
          await first.getByRole('button', { name: '新建广告系列' }).waitFor();
          await page.goto(`/perf/new?org=${org}&adv=${other}`);
          await content(page).getByText('该账户还没有 Android 应用。').waitFor(FIRST_LOAD);
          await content(page).getByRole('button', { name: '创建应用' }).waitFor();
        },
        { locale: 'zh-CN' },
      );
    } finally {
      await admin.dispose();
    }
  },
  SLOW,
);

test(
  'first-campaign: the home page compares full days up to yesterday and says so',
  async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    await withPage(browser, 'first-campaign-home-range', async ({ context, page }) => {
      await loginViaApi(context, 'admin@demo.test');
      await page.goto(`/home/index${SHOES}`);
      const line = content(page).getByTestId('home-range');
      await line.getByText('Full days up to yesterday', { exact: false }).waitFor(FIRST_LOAD);
      // The report zone is UTC+0 unless chosen: seven full days, the last one yesterday.
      expect(await line.textContent()).toMatch(new RegExp(`^${daysAgo(7)} – ${daysAgo(1)}, compared with`));
      await content(page).getByTestId('kpi-gmv').waitFor();
      expect(await content(page).getByTestId('home-first-step').count()).toBe(0);
    });
    await withPage(
      browser,
      'first-campaign-home-range-zh',
      async ({ context, page }) => {
        await inChinese(context);
        await loginViaApi(context, 'admin@demo.test');
        await page.goto(`/home/index${SHOES}`);
        await content(page)
          .getByTestId('home-range')
          .getByText('截至昨天的完整天数', { exact: false })
          .waitFor();
      },
      { locale: 'zh-CN' },
    );
  },
  SLOW,
);
