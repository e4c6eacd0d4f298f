import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, DEMO_PASSWORD } from './browser';

/** An absolute console URL for a path with its query (`/manage/overview?org=100001`). */
export const urlOf = (pathWithQuery: string) => `${baseUrl()}${pathWithQuery}`;

/** Waits until the address bar shows exactly this path and query. */
export async function expectUrl(page: Page, pathWithQuery: string) {
  await page.waitForURL(urlOf(pathWithQuery));
  expect(page.url()).toBe(urlOf(pathWithQuery));
}

/** Fills and submits the login form of /login, as a user would. */
export async function logInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Not `exact`: after a failed attempt antd may keep the (collapsed) loading icon in the button's name.
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The collapsible side menu of the console (antd renders the sider as an <aside>). */
export const sideMenu = (page: Page) => page.getByRole('complementary');

/** Waits until the highlighted entry of the side menu (the page the user is on) is exactly `name`. */
export async function expectSelectedMenu(page: Page, name: string) {
  const selected = sideMenu(page).locator('.ant-menu-item-selected');
  // The highlight follows the route a moment after the address changes: wait for it to settle.
  await selected
    .filter({ hasText: new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
    .waitFor();
  expect(await selected.count()).toBe(1);
}

/** The page content next to the side menu (antd renders Layout.Content as <main>). */
export const content = (page: Page) => page.getByRole('main');

/** The texts of every entry of the side menu as rendered (items and submenu titles, in order). */
export async function sideMenuTexts(page: Page): Promise<string[]> {
  const items = sideMenu(page).getByRole('menuitem');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((t) => t.trim());
}

/** Marks the current document: the marker disappears when the page really reloads. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = 'still-here';
  });
}

export async function documentMarker(page: Page): Promise<string | null> {
  return page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker ?? null);
}

/** A short pause to let a click that must do nothing prove it (no navigation, no reload). */
export const settle = (page: Page) => page.waitForTimeout(300);

/** An e-mail address nobody has used in this run. */
export function freshEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

/**
 * Chooses `label` in an antd Select (the `field` is its combobox) and checks the choice took: a click
 * that lands while the dropdown is still sliding in may pick nothing, so it is tried again.
 */
export async function chooseOption(page: Page, field: Locator, label: string) {
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt++) {
    await field.click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
    await dropdown.getByText(label, { exact: true }).click();
    try {
      await select.getByText(label, { exact: true }).first().waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Picks a language from the header's switcher menu (Language → English / 简体中文). */
export async function chooseHeaderLanguage(page: Page, submenu: string, language: string) {
  await page.getByRole('button', { name: /^(Switcher|切换)$/ }).click();
  const parent = page.getByRole('menuitem', { name: submenu });
  const item = page.getByRole('menuitem', { name: language });
  // The submenu opens on hover; a hover that lands while the dropdown is still sliding in can miss it,
  // so leave the item and hover it again until the submenu shows.
  for (let attempt = 1; ; attempt++) {
    await parent.hover();
    try {
      await item.waitFor({ state: 'visible', timeout: 2_000 });
      break;
    } catch (error) {
      if (attempt === 5) throw error;
      await page.getByRole('button', { name: /^(Switcher|切换)$/ }).hover();
    }
  }
  await item.click();
}

/**
 * Counts the page's API calls (`/scaler/...`) from now on; `settled()` waits until none is in flight.
 * A heading on screen does not mean the page has its data: the other calls of the same render may
 * still be on their way.
 */
export function trackApiCalls(page: Page) {
  const inFlight = new Set<Request>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/scaler/')) inFlight.add(r);
  });
  const done = (r: Request) => inFlight.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    settled: () => expect.poll(() => inFlight.size, { timeout: 15_000 }).toBe(0),
  };
}
