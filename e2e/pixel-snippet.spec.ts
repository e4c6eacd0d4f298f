import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Api, apiAs, uniqueName } from './support/api';
import { createPixel } from './support/assets';
import { launchBrowser, loginViaApi, withPage } from './support/browser';

/**
 * The pixel's snippets running on a real website: a page served from another origin on localhost carries
 * the code copied from the pixel page, Chromium runs it, and the events show up in the live panel while
 * the pixel's status turns to recording.
 */
let browser: Browser;
let admin: Api;
let site: http.Server;
let siteOrigin: string;
const pages = new Map<string, string>();
const ORG = 100001;
const SHOES = 1000001;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiAs('admin@demo.test');
  site = http.createServer((req, res) => {
    const html = pages.get((req.url ?? '').split('?')[0]);
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await admin?.dispose();
  await new Promise((resolve) => site?.close(resolve));
});

const pageWith = (name: string, head: string, body = '') => {
  pages.set(
    `/${name}.html`,
    `<!doctype html><html><head><title>${name}</title>${head}</head><body>${body}</body></html>`,
  );
  return `${siteOrigin}/${name}.html`;
};

/** The code of one titled block of the snippet card, as the user would copy it. */
const codeOf = (page: Page, title: string) =>
  page
    .locator('figure')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('pre')
    .textContent()
    .then((text) => text ?? '');

const livePanel = (page: Page) => page.locator('.ant-card').filter({ hasText: 'Live test events' });

/** Waits until the live panel lists an accepted row for the event (the panel polls every 2 s). */
async function expectAccepted(page: Page, eventName: string) {
  const row = livePanel(page)
    .locator('tbody tr')
    .filter({ hasText: eventName })
    .filter({ hasText: 'Accepted' });
  await row.first().waitFor({ timeout: 20_000 });
}

async function openPixelPage(page: Page, pixelId: string) {
  await page.goto(`/assets/events/pixel/${pixelId}?org=${ORG}&adv=${SHOES}`);
  await page.getByText('Install the pixel', { exact: true }).waitFor();
}

test('pixel snippet: the base code and a trigger call on a website send page view and a custom event', async () => {
  const custom = uniqueName('snip').replace(/\W/g, '_').toLowerCase();
  const pixelId = await createPixel(
    admin,
    { org: ORG, adv: SHOES },
    {
      name: uniqueName('Snippet site'),
      events: [
        { type: 1, event_type: 'page_view' },
        { type: 2, event_id: custom, event_name: 'Quiz finished' },
      ],
    },
  );
  await withPage(browser, 'pixel-snippet-triggers', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await openPixelPage(page, pixelId);
    const status = page.locator('.ant-card').filter({ hasText: 'Installation and event status' });
    await status.getByText('No record').first().waitFor();

    const base = await codeOf(page, 'Base code');
    const trigger = await codeOf(page, 'Trigger: Quiz finished');
    expect(base).toContain(pixelId);
    expect(trigger).toContain(custom);

    const shop = await context.newPage();
    // A malformed click id in the landing URL must not stop the script.
    await shop.goto(
      `${pageWith(
        'triggers',
        base,
        `<button id="done" onclick="${trigger.replace(/"/g, '&quot;')}">Done</button>`,
      )}?sc_click_id=abc%`,
    );
    await shop.waitForFunction(
      () => (window as unknown as { scq?: { loaded?: boolean } }).scq?.loaded === true,
    );
    await shop.click('#done');

    await expectAccepted(page, 'PageView');
    await expectAccepted(page, custom);
    await status.getByText('Recording').first().waitFor({ timeout: 20_000 });
    // The statistics follow without a reload: two events today.
    const events = page
      .locator('.ant-card')
      .filter({ hasText: 'Statistics' })
      .locator('.ant-statistic')
      .filter({ hasText: 'Events' })
      .locator('.ant-statistic-content-value');
    await expect.poll(() => events.textContent(), { timeout: 20_000 }).toBe('2');
    await shop.close();
  });
});

test('pixel snippet: the basic pixel sends a standard event with track and a custom one with trackCustom', async () => {
  const custom = uniqueName('basic').replace(/\W/g, '_').toLowerCase();
  const pixelId = await createPixel(
    admin,
    { org: ORG, adv: SHOES },
    {
      name: uniqueName('Basic site'),
      events: [
        { type: 1, event_type: 'page_view' },
        { type: 1, event_type: 'add_to_cart' },
        { type: 2, event_id: custom, event_name: 'Newsletter signup' },
      ],
    },
  );
  await withPage(browser, 'pixel-snippet-basic', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await openPixelPage(page, pixelId);
    await page.getByRole('tab', { name: 'Basic pixel for one event' }).click();

    const pick = async (label: RegExp) => {
      await page.getByRole('combobox', { name: 'Event of the basic pixel' }).click();
      await page.locator('.ant-select-dropdown:visible').getByText(label).click();
    };
    await pick(/^Add to cart/);
    const standard = await codeOf(page, 'Basic pixel code');
    expect(standard).toContain("scq('track', 'AddToCart');");
    await pick(/^Newsletter signup/);
    const customCode = await codeOf(page, 'Basic pixel code');
    expect(customCode).toContain(`scq('trackCustom', '${custom}');`);

    const thanks = await context.newPage();
    await thanks.goto(pageWith('basic-standard', standard));
    await thanks.goto(pageWith('basic-custom', customCode));
    await expectAccepted(page, 'AddToCart');
    await expectAccepted(page, custom);
    await thanks.close();
  });
});
