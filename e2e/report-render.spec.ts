import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The table's row key (`rowKeyOf`): each dimension's name and value, joined by `|`. */
const rowKey = (r: Record<string, unknown>) =>
  (
    [
      ['date', r.date],
      ['campaign', r.campaign_id],
      ['country', r.country],
      ['bundle', r.bundle],
    ] as const
  )
    .map(([d, v]) => `${d}:${JSON.stringify(v ?? null)}`)
    .join('|');

/** Fewer than this many rows in the DOM: a 600 px body of 39 px rows needs about 17 (plus overscan). */
const VIRTUAL_ROWS_AT_MOST = 60;

test('a page of 5,000 report rows is virtualised: few rows in the DOM, the last one reached by scrolling, totals shown', async () => {
  // Northwind Shoes' 90 days of demo delivery by date, campaign, country and publisher: about 8,000 rows.
  const day = 86_400_000;
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 89 * day).toISOString().slice(0, 10);
  await withPage(browser, 'report-render-5000', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await context.addInitScript(() => localStorage.setItem('SC-TIMEZONE', '+00:00'));
    // The table's own answer (not the trend's, which is by date only).
    const answered = page.waitForResponse(
      (res) =>
        res.url().endsWith('/scaler/v3/report/custom') &&
        res.request().postDataJSON()?.page_size === 5000 &&
        res.request().postDataJSON()?.dimensions.length === 4,
    );
    await page.goto(
      `/report/index?org=100001&adv=1000001&dims=date,campaign,country,bundle&page_size=5000&start=${start}&end=${end}`,
    );
    const report = (await (await answered).json()).data as {
      total: number;
      list: Record<string, unknown>[];
    };
    expect(report.total, 'the demo data gives a report of at least 5,000 rows').toBeGreaterThanOrEqual(5000);
    expect(report.list).toHaveLength(5000);

    const table = content(page).locator('.ant-table');
    const rows = table.locator('.ant-table-row');
    // Rendered at once, 5,000 rows hold the page for tens of seconds on this machine.
    await rows
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => {
        throw new Error('no report row drawn within 20 s of the answer: is the table still virtualised?');
      });
    expect(await table.locator('.ant-table-tbody-virtual').count(), 'the table body is virtual').toBe(1);
    await expect.poll(() => table.locator('.ant-table-summary').textContent()).toMatch(/^Total of \d/);
    expect(await table.locator('.ant-table-summary').textContent()).toContain(`Total of ${report.total}`);
    // The first row of the answer is the first row shown.
    expect(await rows.first().getAttribute('data-row-key')).toBe(rowKey(report.list[0]));
    const atStart = await rows.count();
    expect(atStart, 'rows in the DOM for a page of 5,000 (virtualised)').toBeLessThanOrEqual(
      VIRTUAL_ROWS_AT_MOST,
    );
    expect(atStart).toBeGreaterThan(5);

    // Scrolled with the mouse wheel over the body, in large steps: the DOM keeps a window of rows.
    const body = table.locator('.ant-table-tbody-virtual-holder');
    await body.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = await body.boundingBox();
    if (!box) throw new Error('the table body is not shown');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const last = table.locator(`.ant-table-row[data-row-key=${JSON.stringify(rowKey(report.list[4999]))}]`);
    /** Whether the answer's last row lies wholly inside the table's body. */
    const lastShown = async () => {
      if ((await last.count()) === 0) return false;
      const [r, b] = await Promise.all([last.boundingBox(), body.boundingBox()]);
      return !!r && !!b && r.y >= b.y - 1 && r.y + r.height <= b.y + b.height + 1;
    };
    // 5,000 rows of 39 px are 195,000 px: ten steps and a few to spare.
    for (let step = 0; step < 15 && !(await lastShown()); step++) {
      await page.mouse.wheel(0, 20_000);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await rows.count(), 'rows in the DOM while scrolling').toBeLessThanOrEqual(VIRTUAL_ROWS_AT_MOST);
    }
    expect(await lastShown(), 'the last of the 5,000 rows is shown at the end').toBe(true);
    expect(await last.textContent()).toContain(String(report.list[4999].bundle));
    expect(await rows.count()).toBeLessThanOrEqual(VIRTUAL_ROWS_AT_MOST);
    // The totals row stays above the rows (fixed at the top).
    await table.locator('.ant-table-summary').getByText(`Total of ${report.total}`).waitFor();
  });
});
