import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Api, apiAs } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { content, inChinese } from './support/console';

let browser: Browser;
let admin: Api;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiAs('admin@demo.test');
});
afterAll(async () => {
  await admin?.dispose();
  await browser?.close();
});

/** Northwind Shoes (seeded with campaigns and 90 days of delivery); admin@demo.test is the center's admin. */
const SHOES = { org: 100001, adv: 1000001 };
const query = `?org=${SHOES.org}&adv=${SHOES.adv}`;

/** A call in the Shoes account, as the admin. */
async function shoes<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await admin.request.fetch(path, {
    method,
    data,
    headers: { 'org-id': String(SHOES.org), 'adv-id': String(SHOES.adv), language: 'en-US' },
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

const table = (page: Page) => content(page).locator('.ant-table');
const rowOf = (page: Page, name: string) => table(page).locator('.ant-table-row').filter({ hasText: name });

test('perf: campaigns with numbers and totals, sort by cost, columns, drill-down, history', async () => {
  await withPage(browser, 'perf-list', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/perf/campaign${query}`);
    await page.getByRole('heading', { name: 'Campaigns', level: 3 }).waitFor();
    await rowOf(page, 'Spring sale – Android installs').waitFor();
    // The totals row sums every campaign of the range.
    await expect.poll(() => table(page).locator('.ant-table-summary').textContent()).toMatch(/Total of \d+/);

    // Sort by cost, descending: the URL keeps it and the first row has the highest cost.
    await table(page).getByRole('columnheader', { name: 'Cost', exact: true }).click();
    await page.screenshot({ path: '.test-artifacts/perf-list.png' });
    await page.waitForURL(/sort=gmv/);
    // The header's position among the header cells is the cost cell's position in each row.
    const headers = await table(page).locator('thead th').allTextContents();
    const costColumn = headers.findIndex((h) => h.trim() === 'Cost');
    const costs = async () => {
      const values: number[] = [];
      for (const r of await table(page).locator('.ant-table-row').all()) {
        const text = (await r.locator('.ant-table-cell').nth(costColumn).textContent()) ?? '';
        values.push(Number(text.replace(/[$,]/g, '')));
      }
      return values;
    };
    await expect
      .poll(costs)
      .toSatisfy((c: number[]) => c.length > 1 && c.every((v, i) => i === 0 || c[i - 1] >= v));

    // Columns: ROAS D7 is hidden by default; switched on, it shows and stays after a reload.
    expect(await table(page).getByRole('columnheader', { name: 'ROAS D7' }).count()).toBe(0);
    await content(page).getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'ROAS D7' }).check();
    await table(page).getByRole('columnheader', { name: 'ROAS D7' }).waitFor();
    await page.reload();
    await table(page).getByRole('columnheader', { name: 'ROAS D7' }).waitFor();

    // Drill down to the campaign's ad groups; the parent stays in the URL.
    await rowOf(page, 'Spring sale – Android installs')
      .getByRole('link', { name: 'Spring sale – Android installs', exact: true })
      .click();
    await page.waitForURL(/\/perf\/adgroup\?.*campaign_ids=\d+/);
    await rowOf(page, 'US & Canada – CPI').waitFor();
    await rowOf(page, 'Europe – purchases').waitFor();
    expect(await table(page).locator('.ant-table-row').count()).toBe(2);

    // History of an ad group: its creation is recorded field by field.
    await rowOf(page, 'US & Canada – CPI')
      .getByRole('button', { name: /History/ })
      .click();
    const drawer = page.getByRole('dialog', { name: /Change history: US & Canada – CPI/ });
    await drawer.getByRole('cell', { name: 'Bidding strategy', exact: true }).waitFor();
  });
});

test('perf: pausing a campaign shows 11 on its ad groups; batch bids first', async () => {
  // A campaign of its own, so other tests' data stays as seeded.
  const apps = await shoes<{ _id: string; os: number }[]>('GET', '/scaler/v3/utils/apps');
  const android = apps.find((a) => a.os === 2) ?? apps[0];
  const suffix = Date.now().toString(36);
  const campaign = await shoes<{ campaign_id: number }>('PUT', '/scaler/v3/campaign', {
    name: `E2E pause ${suffix}`,
    campaign_type: 'install',
    promote_goal: 'app_install',
    os: android.os,
    link_type: 1,
    app_id: android._id,
  });
  const group = (name: string) =>
    shoes<{ adgroup_id: number }>('PUT', '/scaler/v3/adgroup', {
      campaign_id: campaign.campaign_id,
      name,
      bidding_type: 1,
      billing_type: 1,
      bid_price: 1.5,
    });
  const g1 = await group(`E2E group A ${suffix}`);
  const g2 = await group(`E2E group B ${suffix}`);

  await withPage(browser, 'perf-pause', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/perf/campaign${query}&q=${encodeURIComponent(`E2E pause ${suffix}`)}`);
    const row = rowOf(page, `E2E pause ${suffix}`);
    await row.waitFor();
    await row.getByRole('switch').click();
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await row.getByText('Campaign paused').waitFor();

    await row.getByRole('link', { name: `E2E pause ${suffix}`, exact: true }).click();
    await page.waitForURL(/\/perf\/adgroup/);
    for (const name of [`E2E group A ${suffix}`, `E2E group B ${suffix}`]) {
      await rowOf(page, name).getByText('Campaign paused').waitFor();
    }

    // Batch: select both, the budget waits for the bid, then both change together.
    await rowOf(page, `E2E group A ${suffix}`).locator('.ant-checkbox').click();
    await rowOf(page, `E2E group B ${suffix}`).locator('.ant-checkbox').click();
    await content(page).getByRole('button', { name: 'Edit bids and budgets' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit bids and budgets of 2 ad groups/ });
    await dialog.getByText('Bids first').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Daily' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Bid').fill('2.75');
    await dialog.getByRole('radio', { name: 'Daily' }).check();
    await dialog.getByLabel('Budget amount').fill('60');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('2 updated').waitFor();
  });
  const infos = await shoes<{ bid_price: number; ad_group_budget: number; status: number }[]>(
    'POST',
    '/scaler/v3/adgroups/infos',
    { adgroup_ids: [g1.adgroup_id, g2.adgroup_id] },
  );
  expect(infos.map((g) => [g.bid_price, g.ad_group_budget, g.status])).toEqual([
    [2.75, 60, 11],
    [2.75, 60, 11],
  ]);
});

/** The metric columns' headers in both languages (what the list is for; settings and times are not). */
const METRICS = {
  en: [
    'Cost',
    'Cost incl. fee',
    'Impressions',
    'Clicks',
    'CTR',
    'CVR',
    'Installs',
    'Estimated revenue',
    'Final revenue',
  ],
  zh: ['消耗', '含服务费消耗', '展示数', '点击数', '点击率', '转化率', '安装数', '预估收入', '最终收入'],
};

/**
 * The metric headers fully visible without scrolling: inside the table's viewport and right of the
 * pinned columns (which would cover them).
 */
async function visibleMetrics(page: Page, labels: string[]): Promise<string[]> {
  const viewport = await table(page).locator('.ant-table-header').boundingBox();
  if (!viewport) throw new Error('no table header');
  const pinned = await table(page)
    .locator('thead th.ant-table-cell-fix-left, thead th.ant-table-cell-fix-start')
    .all();
  let left = viewport.x;
  for (const th of pinned) {
    const box = await th.boundingBox();
    if (box) left = Math.max(left, box.x + box.width);
  }
  const out: string[] = [];
  for (const th of await table(page).locator('thead th').all()) {
    const text = ((await th.textContent()) ?? '').trim();
    if (!labels.includes(text)) continue;
    const box = await th.boundingBox();
    if (box && box.x >= left - 1 && box.x + box.width <= viewport.x + viewport.width + 1) out.push(text);
  }
  return out;
}

test('perf: metrics first at 1440 × 900 on every level, names in the chips and titles, in both languages', async () => {
  const spring = await shoes<{ list: { campaign_id: number }[] }>('POST', '/scaler/v3/campaign/list2', {
    start_date: '2026-01-01',
    end_date: '2026-01-01',
    search: 'Spring sale – Android installs',
  });
  const campaignId = spring.list[0].campaign_id;
  const groups = await shoes<{ list: { adgroup_id: number; adgroup_name: string }[] }>(
    'POST',
    '/scaler/v3/adgroup/list2',
    { start_date: '2026-01-01', end_date: '2026-01-01', campaign_ids: [campaignId] },
  );
  const group = groups.list.find((g) => g.adgroup_name === 'US & Canada – CPI');
  if (!group) throw new Error('no seeded ad group');
  for (const lang of ['en', 'zh'] as const) {
    await withPage(
      browser,
      `perf-metrics-first-${lang}`,
      async ({ context, page }) => {
        if (lang === 'zh') await inChinese(context);
        await loginViaApi(context, 'admin@demo.test');
        const levels = [
          {
            path: `/perf/campaign${query}`,
            title: lang === 'en' ? 'Campaigns' : '广告系列',
            row: 'Spring sale – Android installs',
            chips: [] as string[],
          },
          {
            path: `/perf/adgroup${query}&campaign_ids=${campaignId}`,
            title: lang === 'en' ? 'Ad groups' : '广告组',
            row: 'US & Canada – CPI',
            chips: [
              lang === 'en'
                ? 'Campaign: Spring sale – Android installs'
                : '广告系列：Spring sale – Android installs',
            ],
          },
          {
            path: `/perf/creative${query}&campaign_ids=${campaignId}&adgroup_ids=${group.adgroup_id}`,
            title: lang === 'en' ? 'Creatives' : '创意',
            row: 'Runner native',
            chips: [
              lang === 'en'
                ? 'Campaign: Spring sale – Android installs'
                : '广告系列：Spring sale – Android installs',
              lang === 'en' ? 'Ad group: US & Canada – CPI' : '广告组：US & Canada – CPI',
            ],
          },
        ];
        for (const level of levels) {
          await page.goto(level.path);
          await rowOf(page, level.row).first().waitFor();
          // The heading and the tab name the level.
          await content(page).getByRole('heading', { name: level.title, level: 3 }).waitFor();
          await expect.poll(() => page.title()).toBe(`${level.title} · Scaler Console`);
          // Filter chips name their parents (not "Campaign 2000001").
          for (const chip of level.chips) await content(page).getByText(chip, { exact: true }).waitFor();
          expect(
            await content(page)
              .getByText(/^(Campaign|Ad group|广告系列|广告组) \d+$/)
              .count(),
          ).toBe(0);
          // Name, status, then at least eight metrics on screen, none behind the pinned columns.
          const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.trim());
          const name = headers.indexOf(lang === 'en' ? 'Name' : '名称');
          expect(headers[name + 1]).toBe(lang === 'en' ? 'Status' : '状态');
          expect(METRICS[lang]).toContain(headers[name + 2]);
          const shown = await visibleMetrics(page, METRICS[lang]);
          expect(shown.length, `${level.title}: ${shown.join(', ')}`).toBeGreaterThanOrEqual(8);
        }
      },
      { viewport: { width: 1440, height: 900 } },
    );
  }
}, 180_000);

test('perf: columns are reordered and resized, and stay so for the user after a reload', async () => {
  await withPage(browser, 'perf-layout', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/perf/campaign${query}`);
    await rowOf(page, 'Spring sale – Android installs').waitFor();
    const order = async () => (await table(page).locator('thead th').allTextContents()).map((h) => h.trim());
    const before = await order();
    expect(before.indexOf('Clicks')).toBeGreaterThan(before.indexOf('Impressions'));
    await content(page).getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Move Clicks left' }).click();
    await expect
      .poll(async () => {
        const now = await order();
        return now.indexOf('Clicks') < now.indexOf('Impressions');
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    // Wider by the keyboard on the header's handle.
    const cost = table(page).getByRole('columnheader', { name: 'Cost', exact: true });
    const width = async () => (await cost.boundingBox())?.width ?? 0;
    const w0 = await width();
    const handle = table(page).getByRole('separator', { name: 'Resize Cost', exact: true });
    await handle.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(width).toBeGreaterThanOrEqual(w0 + 39);
    await page.reload();
    await rowOf(page, 'Spring sale – Android installs').waitFor();
    await expect
      .poll(async () => {
        const now = await order();
        return now.indexOf('Clicks') < now.indexOf('Impressions');
      })
      .toBe(true);
    await expect.poll(width).toBeGreaterThanOrEqual(w0 + 39);
    // Back to the defaults.
    await content(page).getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Default columns' }).click();
    await expect
      .poll(async () => {
        const now = await order();
        return now.indexOf('Clicks') > now.indexOf('Impressions');
      })
      .toBe(true);
  });
});

test('perf: deleted objects are left out unless asked for, their switch off and disabled', async () => {
  for (const lang of ['en', 'zh'] as const) {
    await withPage(browser, `perf-deleted-${lang}`, async ({ context, page }) => {
      if (lang === 'zh') await inChinese(context);
      await loginViaApi(context, 'admin@demo.test');
      await page.goto(`/perf/campaign${query}`);
      await rowOf(page, 'Spring sale – Android installs').waitFor();
      expect(await rowOf(page, 'Old test campaign').count()).toBe(0);
      // The deleted filter (status=14) lists it, drawn off and disabled.
      await page.goto(`/perf/campaign${query}&status=14`);
      const row = rowOf(page, 'Old test campaign');
      await row.waitFor();
      await row.getByText(lang === 'en' ? 'Deleted' : '已删除', { exact: true }).waitFor();
      const toggle = row.getByRole('switch');
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      expect(await toggle.isDisabled()).toBe(true);
    });
  }
}, 180_000);

test('perf: the inline budget edit refuses an amount under the rule, with its message, in both languages', async () => {
  for (const lang of ['en', 'zh'] as const) {
    await withPage(browser, `perf-inline-budget-${lang}`, async ({ context, page }) => {
      if (lang === 'zh') await inChinese(context);
      await loginViaApi(context, 'admin@demo.test');
      await page.goto(`/perf/campaign${query}&q=${encodeURIComponent('Spring sale')}`);
      const row = rowOf(page, 'Spring sale – Android installs');
      await row.waitFor();
      const label = lang === 'en' ? 'Campaign budget' : '广告系列预算';
      await row.getByRole('button', { name: new RegExp(`${label} Spring sale`) }).click();
      const input = page.getByRole('spinbutton', { name: `${label} Spring sale – Android installs` });
      await input.fill('0.5');
      // antd spaces a two-character Chinese label: "保 存".
      await page.getByRole('button', { name: lang === 'en' ? /^Save$/ : /^保\s?存$/ }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: lang === 'en' ? 'The amount is out of the allowed range.' : '金额超出允许范围。' })
        .waitFor();
      // Not clamped, not saved.
      expect(await input.inputValue()).toBe('0.5');
      expect(await page.getByText(lang === 'en' ? 'Saved' : '已保存', { exact: true }).count()).toBe(0);
    });
  }
  const after = await shoes<{ list: { campaign_budget: number }[] }>('POST', '/scaler/v3/campaign/list2', {
    start_date: '2026-01-01',
    end_date: '2026-01-01',
    search: 'Spring sale – Android installs',
  });
  expect(after.list[0].campaign_budget).toBe(300);
}, 180_000);

test('perf: an approved, active creative without delivery is waiting for traffic, in both languages', async () => {
  // A campaign and ad group of their own, with a copy of an approved creative: approved, on, never shown.
  const apps = await shoes<{ _id: string; os: number }[]>('GET', '/scaler/v3/utils/apps');
  const android = apps.find((a) => a.os === 2) ?? apps[0];
  const suffix = Date.now().toString(36);
  const campaign = await shoes<{ campaign_id: number }>('PUT', '/scaler/v3/campaign', {
    name: `E2E waiting ${suffix}`,
    campaign_type: 'install',
    promote_goal: 'app_install',
    os: android.os,
    link_type: 1,
    app_id: android._id,
  });
  const group = await shoes<{ adgroup_id: number }>('PUT', '/scaler/v3/adgroup', {
    campaign_id: campaign.campaign_id,
    name: `E2E waiting group ${suffix}`,
    bidding_type: 1,
    billing_type: 1,
    bid_price: 1.5,
  });
  const approved = await shoes<{ list: { creative_id: number; campaign_id: number; adgroup_id: number }[] }>(
    'POST',
    '/scaler/v3/creative/list2',
    { start_date: '2026-01-01', end_date: '2026-01-01', search: 'Runner MREC 300×250' },
  );
  const seeded = approved.list[0];
  await shoes('POST', '/scaler/v3/creatives/assign', {
    creative_ids: [seeded.creative_id],
    adgroup_ids: [group.adgroup_id],
  });
  for (const lang of ['en', 'zh'] as const) {
    await withPage(browser, `perf-waiting-${lang}`, async ({ context, page }) => {
      if (lang === 'zh') await inChinese(context);
      await loginViaApi(context, 'admin@demo.test');
      await page.goto(
        `/perf/creative${query}&campaign_ids=${campaign.campaign_id}&adgroup_ids=${group.adgroup_id}`,
      );
      const row = rowOf(page, 'Runner MREC 300×250');
      await row.getByText(lang === 'en' ? 'Active' : '投放中', { exact: true }).waitFor();
      await row.getByText(lang === 'en' ? 'Waiting for traffic' : '等待流量', { exact: true }).waitFor();
      // The seeded one, which has delivered, says nothing of the kind.
      await page.goto(
        `/perf/creative${query}&campaign_ids=${seeded.campaign_id}&adgroup_ids=${seeded.adgroup_id}`,
      );
      const delivered = rowOf(page, 'Runner MREC 300×250');
      await delivered.getByText(lang === 'en' ? 'Active' : '投放中', { exact: true }).waitFor();
      expect(await delivered.getByText(lang === 'en' ? 'Waiting for traffic' : '等待流量').count()).toBe(0);
    });
  }
}, 180_000);

test('perf: the totals row lines up with its columns for a read-only role', async () => {
  // user@demo.test is an analyst of Northwind Games: no selection column.
  await withPage(browser, 'perf-totals-readonly', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await page.goto('/perf/campaign?org=100001&adv=1000002');
    await page.getByRole('heading', { name: 'Campaigns', level: 3 }).waitFor();
    await table(page).locator('.ant-table-row').first().waitFor();
    expect(await table(page).locator('thead .ant-table-selection-column').count()).toBe(0);
    const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.trim());
    const summary = table(page).locator('.ant-table-summary tr').first().locator('td');
    const cells = (await summary.allTextContents()).map((c) => c.trim());
    // The totals label sits under Name and each total under its header.
    expect(cells[headers.indexOf('Name')]).toMatch(/^Total of \d+$/);
    for (const label of ['Clicks', 'Impressions', 'Cost']) {
      const i = headers.indexOf(label);
      expect({ label, text: cells[i] }).toEqual({ label, text: expect.stringMatching(/^\$?[\d,.]+$/) });
      const head = await table(page).locator('thead th').nth(i).boundingBox();
      const cell = await summary.nth(i).boundingBox();
      expect(Math.abs((head?.x ?? 0) - (cell?.x ?? -100))).toBeLessThan(2);
    }
  });
});
