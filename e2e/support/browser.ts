import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-artifacts');

export const DEMO_PASSWORD = 'Demo@2026!';
export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

/** A fresh context and page; the trace and a screenshot are kept under .test-artifacts when `fn` fails. */
export async function withPage(
  browser: Browser,
  name: string,
  fn: (s: Session) => Promise<void>,
  options: { locale?: string; viewport?: { width: number; height: number }; timezoneId?: string } = {},
) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: options.locale ?? 'en-US',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    viewport: options.viewport ?? { width: 1440, height: 900 },
    // The console honours prefers-reduced-motion: menus and dialogs open at once, so a click never
    // lands on an element that is still sliding in.
    reducedMotion: 'reduce',
  });
  await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  try {
    await fn({ context, page });
    await context.tracing.stop();
  } catch (err) {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = name.replace(/[^\w-]+/g, '_').slice(0, 80);
    await page.screenshot({ path: path.join(ARTIFACTS, `${file}.png`), fullPage: true }).catch(() => {});
    await context.tracing.stop({ path: path.join(ARTIFACTS, `${file}.trace.zip`) }).catch(() => {});
    throw err;
  } finally {
    await context.close();
  }
}

/** Logs in through the API (the cookie lands in the browser context), as the conventions ask. */
export async function loginViaApi(context: BrowserContext, email: string, password = DEMO_PASSWORD) {
  const res = await context.request.post('/scaler/account/login', { data: { email, password } });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`login failed for ${email}: ${JSON.stringify(body)}`);
  return body.data as { token: string; user: { _id: string; orgs: { org_id: number }[] } };
}
