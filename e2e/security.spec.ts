import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, launchBrowser, loginViaApi, withPage } from './support/browser';
import { sideMenu } from './support/console';

/**
 * What a hostile website can no longer do to a signed-in user (issue 8, item 8), in real Chromium: the
 * hostile site is served from another port of the same host, so it is *same-site* with the console and
 * the SameSite=Lax session cookie travels with its requests; only the origin check stops them.
 */
let browser: Browser;
let site: http.Server;
let siteOrigin: string;
const pages = new Map<string, string>();

beforeAll(async () => {
  browser = await launchBrowser();
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
  await new Promise((resolve) => site?.close(resolve));
});

const hostilePage = (name: string, body: string) => {
  pages.set(
    `/${name}.html`,
    `<!doctype html><html><head><title>${name}</title></head><body>${body}</body></html>`,
  );
  return `${siteOrigin}/${name}.html`;
};

/** Collects the CSP violations the browser reports while a page is used. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) found.push(msg.text());
  });
  return found;
}

test('security: a form on another site cannot log the signed-in user out', async () => {
  await withPage(browser, 'security-csrf-logout', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    const evil = hostilePage(
      'logout',
      `<form id="f" method="POST" action="${baseUrl()}/scaler/account/logout"></form>
       <script>document.getElementById('f').submit()</script>`,
    );
    await page.goto(evil);
    // The form's answer, where the browser shows it: the refusal, in words.
    await page.getByText('This change was sent from another website', { exact: false }).waitFor();
    expect(page.url()).toBe(`${baseUrl()}/scaler/account/logout`);

    // Still signed in: the console opens on the center's overview, not on the login page.
    await page.goto('/manage/overview?org=100001');
    await sideMenu(page).getByRole('menuitem', { name: 'Members' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Log in' }).count()).toBe(0);
  });
});

test('security: another site cannot show the console in a frame', async () => {
  await withPage(browser, 'security-frame', async ({ page }) => {
    const evil = hostilePage('frame', `<iframe src="${baseUrl()}/login" width="800" height="600"></iframe>`);
    await page.goto(evil);
    const framed = () => page.frames().find((f) => f !== page.mainFrame());
    // Refused by frame-ancestors / X-Frame-Options: Chromium puts its error page in the frame.
    await expect.poll(() => framed()?.url(), { timeout: 20_000 }).toBe('chrome-error://chromewebdata/');
    expect(await framed()?.getByRole('heading', { name: 'Log in' }).count()).toBe(0);
  });
});

test('security: the console, the docs and the OpenAPI document work under the content security policy', async () => {
  await withPage(browser, 'security-csp', async ({ context, page }) => {
    const violations = cspViolations(page);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await loginViaApi(context, 'admin@demo.test');
    await page.goto('/manage/overview?org=100001');
    await sideMenu(page).getByRole('menuitem', { name: 'Members' }).waitFor();
    await page.goto('/docs/en/');
    await page.locator('h1').first().waitFor();
    const openapi = await page.goto('/scaler/openapi.json');
    expect(openapi?.status()).toBe(200);
    expect(await page.locator('body').textContent()).toContain('"openapi"');
    expect(violations).toEqual([]);
  });
});
