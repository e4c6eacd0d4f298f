import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Api, apiAs } from './support/api';
import { launchBrowser, loginViaApi, withPage } from './support/browser';
import { chooseOption, content } from './support/console';

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

/** Clicks "Export Excel" and reads the first sheet of the file downloaded. */
async function exportedSheet(page: Page) {
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    content(page).getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsx.path()) ?? '');
  return book.worksheets[0];
}

/** Northwind Shoes: its campaigns have 90 days of delivery in the demo. */
const query = '?org=100001&adv=1000001';

test('custom report: two dimensions, sorted by cost, a trend, and a CSV of exactly what is shown', async () => {
  await withPage(browser, 'report-custom', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/report/index${query}&dims=campaign,country&start=2026-11-01&end=2026-11-20`);
    await page.getByRole('heading', { name: 'Custom report', level: 3 }).waitFor();
    // Opened without columns: the user's choice (here the defaults) goes into the URL.
    await page.waitForURL(/cols=gmv/);
    const table = content(page).locator('.ant-table');
    await table.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => table.locator('.ant-table-summary').textContent()).toMatch(/Total of \d+/);
    // The trend of the range (ECharts draws on a canvas).
    await content(page).getByRole('img', { name: 'Cost' }).locator('canvas').waitFor();

    // Sorted by impressions, ascending: the URL keeps it and the rows follow.
    const impressions = table.getByRole('columnheader', { name: 'Impressions', exact: true });
    await impressions.click();
    await page.waitForURL(/sort=impression/);
    // The table has taken the first click (and its rows arrived) before the second one.
    await expect.poll(() => impressions.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => table.locator('.ant-spin-spinning').count()).toBe(0);
    await impressions.click();
    await page.waitForURL(/order=asc/);
    const headers = await table.locator('thead th').allTextContents();
    const impColumn = headers.findIndex((h) => h.trim() === 'Impressions');
    await expect
      .poll(async () => {
        const values: number[] = [];
        for (const r of await table.locator('.ant-table-row').all()) {
          values.push(
            Number(
              ((await r.locator('.ant-table-cell').nth(impColumn).textContent()) ?? '').replace(/,/g, ''),
            ),
          );
        }
        return values.length > 1 && values.every((v, i) => i === 0 || values[i - 1] <= v);
      })
      .toBe(true);

    const shown = await table.locator('.ant-table-row').count();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      content(page).getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await file.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    const heads = lines[0].split(',');
    expect(heads.slice(0, 4)).toEqual(['Campaign ID', 'Campaign', 'Country', 'Cost']);
    // The rows, then the totals row.
    expect(lines.length - 2).toBe(shown);
    expect(lines.at(-1)?.startsWith('Total,')).toBe(true);
    // Numbers as the table writes them: money with one number of decimals per column, ratios as
    // percentages with two decimals.
    const cells = lines.slice(1).map((l) => l.split(','));
    const costDecimals = new Set(cells.map((c) => c[heads.indexOf('Cost')].split('.')[1]?.length));
    expect(costDecimals.size).toBe(1);
    expect([...costDecimals][0]).toBeGreaterThanOrEqual(2);
    for (const c of cells) expect(c[heads.indexOf('CTR')]).toMatch(/^\d+\.\d\d%$/);
    // The file's rows are the table's, in the same order.
    const firstRow = await table
      .locator('.ant-table-row')
      .first()
      .locator('.ant-table-cell')
      .nth(0)
      .textContent();
    expect(firstRow).toContain(lines[1].split(',')[1].replace(/"/g, ''));

    // The Excel file holds the same rows and headings.
    const sheet = await exportedSheet(page);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual([
      'Campaign ID',
      'Campaign',
      'Country',
      'Cost',
    ]);
    expect(sheet.rowCount - 2).toBe(shown);
    // Real numbers with number formats, and the totals row last.
    const head = sheet.getRow(1).values as unknown[];
    const cost = sheet.getRow(2).getCell(head.indexOf('Cost'));
    const ctr = sheet.getRow(2).getCell(head.indexOf('CTR'));
    const impressionCell = sheet.getRow(2).getCell(head.indexOf('Impressions'));
    expect(typeof cost.value).toBe('number');
    expect(cost.numFmt).toMatch(/^"\$"#,##0\.00(00?)?$/);
    expect(typeof ctr.value).toBe('number');
    expect(ctr.value as number).toBeLessThan(1);
    expect(ctr.numFmt).toBe('0.00%');
    expect(impressionCell.numFmt).toBe('#,##0');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    const totalCost = last.getCell(head.indexOf('Cost')).value as number;
    expect(typeof totalCost).toBe('number');
    expect(totalCost).toBeGreaterThan(0);

    // A row opened on its own: the campaign and country become the report's filters, by date.
    await table
      .locator('.ant-table-row')
      .first()
      .getByRole('link', { name: /^Details of / })
      .click();
    await page.waitForURL(/\/report\/detail\?.*campaign_ids=\d+.*countries=[A-Z]{2}/);
    await page.getByRole('heading', { name: 'Report detail', level: 3 }).waitFor();
    await content(page)
      .getByText(/^Campaign \d+$/)
      .waitFor();
    await table.locator('.ant-table-row').first().waitFor();
    expect(await table.getByRole('columnheader', { name: 'Date', exact: true }).count()).toBe(1);
    await page.goBack();

    // Saved as a template, then reopened from a plain report: the grouping and sort come back.
    const name = `By campaign and country ${Date.now().toString(36)}`;
    await content(page).getByRole('button', { name: 'Templates' }).click();
    await page.getByRole('menuitem', { name: 'Save this report…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this report as a template' });
    await dialog.getByRole('textbox', { name: 'Template name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Template “${name}” saved`).waitFor();
    await page.goto(`/report/index${query}`);
    await page.getByRole('heading', { name: 'Custom report', level: 3 }).waitFor();
    await content(page).getByRole('button', { name: 'Templates' }).click();
    await page.getByRole('menuitem', { name }).click();
    await page.waitForURL(/dims=campaign(%2C|,)country.*sort=impression.*order=asc/);
    expect(new URL(page.url()).searchParams.get('adv')).toBe('1000001');
    await table.getByRole('columnheader', { name: 'Country', exact: true }).waitFor();

    // The column chooser (spec 3's groups): an event's four columns, ROAS and retention, a basic column
    // hidden; all in the URL and remembered for this user.
    await content(page).getByRole('button', { name: 'Columns' }).click();
    const chooser = page.locator('.ant-popover');
    // Each click rewrites the URL (the state lives there), so wait for it between clicks.
    await chooser.getByRole('checkbox', { name: 'Purchase' }).first().click();
    await page.waitForURL(/events=purchase/);
    await chooser.getByRole('checkbox', { name: 'ROAS D7' }).click();
    await page.waitForURL(/cols=[^&]*roas7/);
    await chooser.getByRole('checkbox', { name: 'Day 30 retention' }).click();
    await page.waitForURL(/cols=[^&]*d30/);
    await chooser.getByRole('checkbox', { name: 'eCPM' }).click();
    await page.waitForURL((url) => !(url.searchParams.get('cols') ?? '').split(',').includes('ecpm'));
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'Purchase (total)' }).waitFor();
    await table.getByRole('columnheader', { name: 'Purchase cost per action' }).waitFor();
    await table.getByRole('columnheader', { name: 'ROAS D7' }).waitFor();
    await table.getByRole('columnheader', { name: 'Day 30 retention' }).waitFor();
    await expect.poll(() => table.getByRole('columnheader', { name: 'eCPM', exact: true }).count()).toBe(0);
    // The totals row follows the columns: a percentage under ROAS, a count under the purchases.
    await expect
      .poll(async () => {
        const heads = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
        const sums = (await table.locator('.ant-table-summary .ant-table-cell').allTextContents()).map((x) =>
          x.trim(),
        );
        // The first totals cell spans the two dimensions.
        return [sums[heads.indexOf('ROAS D7') - 1], sums[heads.indexOf('Purchase (total)') - 1]];
      })
      .toEqual([expect.stringMatching(/^\d[\d,]*\.\d\d%$/), expect.stringMatching(/^\d[\d,]*$/)]);
    // Revenue and the other ROAS days stay hidden (hidden by default).
    expect(await table.getByRole('columnheader', { name: 'ROAS D14', exact: true }).count()).toBe(0);
    expect(await table.getByRole('columnheader', { name: 'Final revenue', exact: true }).count()).toBe(0);
    // The trend draws any column shown.
    const trendMetric = content(page).getByRole('combobox', { name: 'Metric of the trend' });
    await trendMetric.click();
    await trendMetric.fill('ROAS D7');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .last()
      .getByText('ROAS D7', { exact: true })
      .click();
    await page.waitForURL(/chart=roas7/);
    await content(page).getByRole('img', { name: 'ROAS D7' }).locator('canvas').waitFor();
    await page.goto(`/report/index${query}&dims=campaign`);
    await page.waitForURL(/cols=.*roas7/);
    expect(new URL(page.url()).searchParams.get('events')).toBe('purchase');
    await table.getByRole('columnheader', { name: 'ROAS D7' }).waitFor();
    await expect.poll(() => table.getByRole('columnheader', { name: 'eCPM', exact: true }).count()).toBe(0);
    await content(page).getByRole('button', { name: 'Columns' }).click();
    await page.locator('.ant-popover').getByRole('button', { name: 'Default columns' }).click();
    await page.waitForURL((url) => url.searchParams.get('events') === null);
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'eCPM', exact: true }).waitFor();
    await page.goBack();

    // Grouped by event: conversions per event instead of delivery.
    await page.goto(`/report/index${query}&dims=event&start=2026-11-01&end=2026-11-20`);
    await table.getByRole('columnheader', { name: 'Conversions', exact: true }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Cost', exact: true }).count()).toBe(0);
    await page.goBack();

    // Another grouping from the picker: by date only.
    await chooseOption(page, content(page).getByRole('combobox', { name: 'Group by' }), 'Date');
    await page.waitForURL(/dims=campaign%2Ccountry%2Cdate|dims=campaign,country,date/);
  });
});

test('custom report: filters by hour and app; custom events named as the account defines them', async () => {
  await withPage(browser, 'report-filters', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(
      `/report/index${query}&dims=hour,app&start=2026-11-01&end=2026-11-20&sort=hour&order=asc`,
    );
    const table = content(page).locator('.ant-table');
    await table.locator('.ant-table-row').first().waitFor();
    // The distinct texts of one column (the table is virtual: its cells are not `td`s).
    const column = async (n: number) => {
      const texts = new Set<string>();
      for (const r of await table.locator('.ant-table-row').all()) {
        texts.add(((await r.locator('.ant-table-cell').nth(n).textContent()) ?? '').trim());
      }
      return [...texts].sort();
    };
    // Two hours of the day: only their rows.
    await chooseOption(page, content(page).getByRole('combobox', { name: 'All hours' }), '03:00');
    await page.waitForURL(/hours=3(&|$)/);
    await chooseOption(page, content(page).getByRole('combobox', { name: 'All hours' }), '04:00');
    await page.waitForURL(/hours=3%2C4|hours=3,4/);
    await expect.poll(() => column(0)).toEqual(['03:00', '04:00']);
    // One app: every row is that app's.
    const before = await column(1);
    expect(before.length).toBeGreaterThan(1);
    await chooseOption(
      page,
      content(page).getByRole('combobox', { name: 'All apps' }),
      'Northwind Shoes (iOS)',
    );
    await page.waitForURL(/app_ids=[0-9a-f]{24}/);
    const appId = new URL(page.url()).searchParams.get('app_ids');
    await expect.poll(() => column(1)).toEqual([`Northwind Shoes (${appId})`]);

    // A custom event as columns, found by its name; a reload names it again from its id.
    await content(page).getByRole('button', { name: 'Columns' }).click();
    const custom = page.locator('.ant-popover').getByRole('combobox', { name: 'Custom events' });
    await custom.click();
    await custom.fill('VIP purch');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .last()
      .getByText(/^VIP purchase \(shoes_vip_purchase\)/)
      .click();
    await page.waitForURL(/events=shoes_vip_purchase/);
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'VIP purchase (total)' }).waitFor();
    await page.reload();
    await table.getByRole('columnheader', { name: 'VIP purchase cost per action' }).waitFor();
  });
});

async function shoesReport(body: Record<string, unknown>, timezone = '+00:00') {
  const res = await admin.request.fetch('/scaler/v3/report/custom', {
    method: 'POST',
    data: { start_date: '2026-11-20', end_date: '2026-11-20', ...body },
    headers: { 'org-id': '100001', 'adv-id': '1000001', language: 'en-US', timezone },
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(JSON.stringify(json));
  return json.data as { list: Record<string, number | string>[]; totals: Record<string, number> };
}

test('hourly report: a day against another by hour; in another time zone the hours move by its offset', async () => {
  // 2026-11-20 00:00 UTC is 08:00 of the same day at +08:00.
  const utc = await shoesReport({
    dimensions: ['hour'],
    sort_field: 'hour',
    sort_order: 'asc',
    page_size: 24,
  });
  const midnight = Number(utc.list.find((r) => r.hour === 0)?.impression ?? 0);
  expect(midnight).toBeGreaterThan(0);
  await withPage(browser, 'report-hourly', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await context.addInitScript(() => localStorage.setItem('SC-TIMEZONE', '+08:00'));
    await page.goto(`/report/hourly${query}&day=2026-11-20&compare=2026-11-19&metric=impression`);
    await page.getByRole('heading', { name: 'Hourly report', level: 3 }).waitFor();
    const table = content(page).locator('.ant-table');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(24);
    const row8 = table.locator('tbody tr.ant-table-row').nth(8);
    await expect.poll(() => row8.locator('td').nth(0).textContent()).toBe('08:00');
    await expect
      .poll(async () => Number(((await row8.locator('td').nth(1).textContent()) ?? '').replace(/,/g, '')))
      .toBe(midnight);
    await content(page).getByRole('img', { name: 'Impressions by hour' }).locator('canvas').waitFor();
  });
});

test('home: key figures against the period before, the trend, top campaigns and what needs attention', async () => {
  const res = await admin.request.fetch('/scaler/v3/statis?start_date=2026-11-01&end_date=2026-11-20', {
    headers: { 'org-id': '100001', 'adv-id': '1000001', language: 'en-US', timezone: '+00:00' },
  });
  const statis = (await res.json()).data as {
    current: Record<string, number>;
    top_campaigns: { campaign_name: string }[];
    alerts: { rejected_creatives: number };
  };
  expect(statis.current.gmv).toBeGreaterThan(0);
  await withPage(browser, 'home', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/home/index${query}&start=2026-11-01&end=2026-11-20`);
    await page.getByRole('heading', { name: 'Home', level: 3 }).waitFor();
    const cost = content(page).getByTestId('kpi-gmv');
    const shown = `$${statis.current.gmv.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await cost.getByText(shown).waitFor();
    await cost.getByText(/vs the period before|Nothing to compare with/).waitFor();
    await content(page).getByRole('img', { name: 'Cost' }).locator('canvas').waitFor();
    await content(page).getByRole('link', { name: statis.top_campaigns[0].campaign_name }).click();
    await page.waitForURL(/\/perf\/adgroup\?.*campaign_ids=\d+/);
    if (statis.alerts.rejected_creatives > 0) {
      await page.goBack();
      await content(page)
        .getByRole('link', { name: /creatives? (was|were) rejected/ })
        .click();
      await page.waitForURL(/\/perf\/creative\?.*status=2/);
    }
  });
});

test('bundle report: publishers by cost; the chosen ones go on an ad group’s block list', async () => {
  await withPage(browser, 'report-bundle', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/report/bundle${query}&start=2026-11-01&end=2026-11-20`);
    await page.getByRole('heading', { name: 'Bundle report', level: 3 }).waitFor();
    const table = content(page).locator('.ant-table');
    const first = table.locator('.ant-table-row').first();
    await first.waitFor();
    const bundle = ((await first.locator('.ant-table-cell').nth(1).textContent()) ?? '').trim();
    expect(bundle).toMatch(/^[\w.-]+$/);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      content(page).getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await file.path()) ?? '', 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0].startsWith('Publisher,Cost,')).toBe(true);
    expect(csv[1].startsWith(`${bundle},`)).toBe(true);
    await first.locator('.ant-checkbox-input').check();
    await content(page).getByRole('button', { name: 'Add to block list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block 1 publisher in ad groups' });
    await dialog.getByRole('combobox', { name: 'Ad groups' }).fill('Japan');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText(/^Japan – CPM/)
      .click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText(/ added to 1 ad group$/).waitFor();

    // The ad group's form shows the publisher on its block list.
    const groups = await admin.request.fetch('/scaler/v3/utils/adgroup_list', {
      headers: { 'org-id': '100001', 'adv-id': '1000001' },
    });
    const japan = ((await groups.json()).data as { id: number; name: string }[]).find(
      (g) => g.name === 'Japan – CPM',
    );
    const info = await admin.request.fetch(`/scaler/v3/adgroup/info?adgroup_id=${japan?.id}`, {
      headers: { 'org-id': '100001', 'adv-id': '1000001' },
    });
    const group = (await info.json()).data as { bundle_mode: number; bundles: string[]; campaign_id: number };
    expect(group.bundle_mode).toBe(2);
    expect(group.bundles).toContain(bundle);
    await page.goto(
      `/perf/new${query}&step=adgroup&campaign_id=${group.campaign_id}&adgroup_id=${japan?.id}`,
    );
    await expect.poll(() => content(page).getByLabel('Publisher IDs').inputValue()).toContain(bundle);
  });
});

test('publisher lists: duplicates confirmed, a file imported, applied to an ad group, exported', async () => {
  await withPage(browser, 'report-bundle-lists', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/report/bundle${query}`);
    await content(page).getByRole('link', { name: 'Publisher lists' }).click();
    await page.getByRole('heading', { name: 'Publisher lists', level: 3 }).waitFor();
    const name = `Fraud ${Date.now().toString(36)}`;
    await content(page).getByRole('button', { name: 'New list' }).click();
    const dialog = page.getByRole('dialog', { name: 'New publisher list' });
    await dialog.getByRole('textbox', { name: 'List name' }).fill(name);
    await dialog.getByLabel('Publisher IDs').fill('com.fraud.one\ncom.fraud.two, com.fraud.one');
    await dialog.getByTestId('list-file').setInputFiles({
      name: 'more.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('com.fraud.three\n'),
    });
    await dialog.getByText('3 publishers').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Duplicates exist, please confirm' });
    await confirm.getByText('Given more than once: com.fraud.one.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Keep them once' }).click();
    await page.getByText(`List “${name}” saved with 3 publishers`).waitFor();

    const row = content(page).locator('.ant-table-row').filter({ hasText: name });
    await row.getByRole('button', { name: `Apply ${name} to ad groups` }).click();
    const apply = page.getByRole('dialog', { name: `Apply ${name} to ad groups` });
    await apply.getByRole('combobox', { name: 'Ad groups' }).fill('Japan');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText(/^Japan – CPM/)
      .click();
    await page.keyboard.press('Escape');
    await apply.getByRole('button', { name: 'Add' }).click();
    await page.getByText(/ added to 1 ad group$/).waitFor();
    await row.getByText('Japan – CPM · block list').waitFor();

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Export ${name}` }).click(),
    ]);
    expect(readFileSync((await file.path()) ?? '', 'utf8')).toBe(
      'com.fraud.one\ncom.fraud.two\ncom.fraud.three\n',
    );
  });
});

test('a campaign list row opens its report by day', async () => {
  await withPage(browser, 'report-from-list', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await page.goto(`/perf/campaign${query}`);
    const row = content(page).locator('.ant-table-row').filter({ hasText: 'Spring sale – Android installs' });
    await row.getByRole('link', { name: 'Report Spring sale – Android installs' }).click();
    await page.waitForURL(/\/report\/detail\?.*campaign_ids=2000001/);
    await page.getByRole('heading', { name: 'Report detail', level: 3 }).waitFor();
    await content(page).getByText('Campaign 2000001').waitFor();
    await content(page).locator('.ant-table-row').first().waitFor();
  });
});

/** What a dimension's cell shows for a row of the answer (CustomReportPage's `dimensionText`). */
const dimensionCell = (r: Record<string, unknown>, d: string) => {
  if (d === 'date') return String(r.date);
  if (d === 'country') return r.country ? String(r.country) : 'Unknown';
  if (d === 'campaign') return r.campaign_id === null ? '—' : `${r.campaign_name} (${r.campaign_id})`;
  throw new Error(`no cell text for ${d}`);
};

/** The report table as drawn, read at one instant: headings, rows (key and cell texts), totals, spinner. */
const snapshotTable = (page: Page) =>
  content(page).evaluate((main) => {
    const all = (selector: string, root: ParentNode = main) => Array.from(root.querySelectorAll(selector));
    const texts = (els: Element[]) => els.map((e) => (e.textContent ?? '').trim());
    return {
      spinning: all('.ant-table-wrapper .ant-spin-spinning').length,
      heads: texts(all('.ant-table-thead th')),
      rows: all('.ant-table-row').map((r) => ({
        key: r.getAttribute('data-row-key') ?? '',
        cells: texts(all('.ant-table-cell', r)),
      })),
      summary: texts(all('.ant-table-summary')).join(' '),
    };
  });

type Answer = { total: number; list: Record<string, unknown>[] };
/** The table's next answer for these dimensions (the trend asks for pages of 5,000). */
const tableAnswer = (page: Page, dims: string[]): Promise<Answer> =>
  page
    .waitForResponse((res) => {
      if (!res.url().endsWith('/scaler/v3/report/custom')) return false;
      const body = res.request().postDataJSON() as { dimensions: string[]; page_size: number };
      return body.page_size !== 5000 && body.dimensions.join(',') === dims.join(',');
    })
    .then(async (res) => (await res.json()).data as Answer);

test('custom report: after the dimensions change (one removed, one added, a template opened) every row is of the dimensions shown', {
  timeout: 180_000,
}, async () => {
  const name = `Daily campaigns ${Date.now().toString(36)}`;
  const saved = await admin.request.fetch('/scaler/v3/report/templates', {
    method: 'POST',
    data: { page: '/report/index', name, query: 'dims=date,campaign&start=2026-11-18&end=2026-11-20' },
    headers: { 'org-id': '100001', 'adv-id': '1000001' },
  });
  expect((await saved.json()).code).toBe(0);
  await withPage(browser, 'report-dimension-change', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await context.addInitScript(() => localStorage.setItem('SC-TIMEZONE', '+00:00'));
    const labels: Record<string, string> = { date: 'Date', country: 'Country', campaign: 'Campaign' };
    /**
     * Every row drawn is a row of the answer for `dims`, in its order, under the dimensions' headings,
     * with distinct keys; when the answer is short, all of its rows and no other.
     */
    const expectRowsOf = async (dims: string[], answer: Answer) => {
      const expected = answer.list.map((r) => dims.map((d) => dimensionCell(r, d)));
      await expect
        .poll(
          async () => {
            const shown = await snapshotTable(page);
            const cells = shown.rows.map((r) => r.cells.slice(0, dims.length));
            return {
              spinning: shown.spinning,
              heads: shown.heads.slice(0, dims.length),
              rowsMatch:
                cells.length > 0 && JSON.stringify(cells) === JSON.stringify(expected.slice(0, cells.length)),
              distinctKeys: new Set(shown.rows.map((r) => r.key)).size === shown.rows.length,
              allRows: answer.total > 12 || cells.length === answer.total,
              totals: shown.summary.includes(`Total of ${answer.total}`),
              firstRows: cells.slice(0, 3),
            };
          },
          { timeout: 30_000 },
        )
        .toMatchObject({
          spinning: 0,
          heads: dims.map((d) => labels[d]),
          rowsMatch: true,
          distinctKeys: true,
          allRows: true,
          totals: true,
        });
    };

    let answer = tableAnswer(page, ['date', 'country']);
    await page.goto(`/report/index${query}&dims=date,country&start=2026-11-18&end=2026-11-20`);
    await expectRowsOf(['date', 'country'], await answer);
    // One removed: by country only.
    answer = tableAnswer(page, ['country']);
    await content(page)
      .locator('.ant-select-selection-item')
      .filter({ hasText: /^Date$/ })
      .locator('.ant-select-selection-item-remove')
      .click();
    await page.waitForURL(/dims=country(&|$)/);
    await expectRowsOf(['country'], await answer);
    // One added: by country and campaign.
    answer = tableAnswer(page, ['country', 'campaign']);
    await chooseOption(page, content(page).getByRole('combobox', { name: 'Group by' }), 'Campaign');
    await page.waitForURL(/dims=country(%2C|,)campaign/);
    await expectRowsOf(['country', 'campaign'], await answer);
    // A saved template: by date and campaign.
    answer = tableAnswer(page, ['date', 'campaign']);
    await content(page).getByRole('button', { name: 'Templates' }).click();
    await page.getByRole('menuitem', { name }).click();
    await page.waitForURL(/dims=date(%2C|,)campaign/);
    const byDate = await answer;
    await expectRowsOf(['date', 'campaign'], byDate);
    // "Details" of the first row opens that row's campaign by date.
    const table = content(page).locator('.ant-table');
    await table
      .locator('.ant-table-row')
      .first()
      .getByRole('link', { name: /^Details of / })
      .click();
    await page.waitForURL(new RegExp(`/report/detail\\?.*campaign_ids=${byDate.list[0].campaign_id}(&|$)`));
  });
});

test('custom report and detail: rows by date are in date order until the user sorts', {
  timeout: 180_000,
}, async () => {
  await withPage(browser, 'report-date-order', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await context.addInitScript(() => localStorage.setItem('SC-TIMEZONE', '+00:00'));
    const dates = async () => (await snapshotTable(page)).rows.map((r) => r.cells[0]);
    const inDateOrder = (list: string[]) =>
      list.length > 3 &&
      list.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)) &&
      list.every((d, i) => i === 0 || list[i - 1] <= d);

    await page.goto(`/report/index${query}&dims=date,campaign&start=2026-11-01&end=2026-11-20`);
    await expect.poll(dates, { timeout: 30_000 }).toSatisfy(inDateOrder);
    expect((await dates())[0]).toBe('2026-11-01');
    // Sorted by cost on purpose: the user's order, kept in the URL.
    const sorted = tableAnswer(page, ['date', 'campaign']);
    await content(page)
      .locator('.ant-table')
      .getByRole('columnheader', { name: 'Cost', exact: true })
      .click();
    await page.waitForURL(/sort=gmv/);
    const byCost = await sorted;
    await expect
      .poll(
        async () => {
          const shown = await dates();
          return shown.length > 3 && shown.every((d, i) => d === String(byCost.list[i]?.date));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(inDateOrder(await dates())).toBe(false);

    // The detail of one campaign, by date.
    await page.goto(`/report/detail${query}&campaign_ids=2000001&start=2026-11-01&end=2026-11-20`);
    await page.getByRole('heading', { name: 'Report detail', level: 3 }).waitFor();
    await expect.poll(dates, { timeout: 30_000 }).toSatisfy(inDateOrder);
    expect((await dates())[0]).toBe('2026-11-01');
  });
});

/** Each heading's text with the left edge of its column, and the totals cell found at that edge. */
const totalsUnderHeadings = (page: Page) =>
  content(page).evaluate((main) => {
    const heads = Array.from(main.querySelectorAll('.ant-table-thead th'));
    const sums = Array.from(main.querySelectorAll('.ant-table-summary td'));
    // Only the headings in view: the table scrolls sideways, nothing is under a point off screen, and a
    // pinned column covers the ones scrolled under it.
    const inView = (th: Element) => {
      const b = th.getBoundingClientRect();
      return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)?.closest('th') === th;
    };
    return heads.filter(inView).map((th) => {
      const box = th.getBoundingClientRect();
      // The topmost element at the middle of the totals row under this heading.
      const row = main.querySelector('.ant-table-summary tr')?.getBoundingClientRect();
      const hit = row ? document.elementFromPoint(box.left + box.width / 2, row.top + row.height / 2) : null;
      const cell = hit?.closest('td');
      return {
        heading: (th.textContent ?? '').trim(),
        total: (cell?.textContent ?? '').trim(),
        aligned: sums.some((td) => {
          const b = td.getBoundingClientRect();
          return td === cell && Math.abs(b.left - box.left) < 2 && Math.abs(b.width - box.width) < 2;
        }),
      };
    });
  });

test('bundle report for a read-only role: totals under their own headings, filters, and exports with totals (en-US and zh-CN)', {
  timeout: 180_000,
}, async () => {
  // Sam Standard is an analyst of Northwind Games: no selection column.
  await withPage(browser, 'report-bundle-read-only', async ({ context, page }) => {
    await loginViaApi(context, 'user@demo.test');
    await context.addInitScript(() => localStorage.setItem('SC-TIMEZONE', '+00:00'));
    await page.goto('/report/bundle?org=100001&adv=1000002&start=2026-11-01&end=2026-11-20');
    await page.getByRole('heading', { name: 'Bundle report', level: 3 }).waitFor();
    const table = content(page).locator('.ant-table');
    await table.locator('.ant-table-row').first().waitFor();
    expect(await table.locator('.ant-checkbox-input').count()).toBe(0);
    await expect
      .poll(async () => (await totalsUnderHeadings(page)).filter((c) => c.heading !== ''), {
        timeout: 20_000,
      })
      .toSatisfy((cells: Awaited<ReturnType<typeof totalsUnderHeadings>>) => {
        const byHeading = new Map(cells.map((c) => [c.heading, c]));
        const clicks = byHeading.get('Clicks');
        const cost = byHeading.get('Cost');
        const ctr = byHeading.get('CTR');
        return (
          cells.length > 5 &&
          cells.every((c) => c.aligned) &&
          /^Total of \d+$/.test(byHeading.get('Publisher')?.total ?? '') &&
          /^\d[\d,]*$/.test(clicks?.total ?? '') &&
          /^\$[\d,]+\.\d{2,4}$/.test(cost?.total ?? '') &&
          /^\d+\.\d\d%$/.test(ctr?.total ?? '')
        );
      });
    // Scrolled to the last columns: their totals are under them too.
    await table.locator('.ant-table-row').first().hover();
    await page.mouse.wheel(3000, 0);
    await expect
      .poll(async () => (await totalsUnderHeadings(page)).filter((c) => c.heading !== ''), {
        timeout: 20_000,
      })
      .toSatisfy(
        (cells: Awaited<ReturnType<typeof totalsUnderHeadings>>) =>
          cells.some((c) => c.heading === 'Final revenue' && /^\$[\d,]+\.\d{2,4}$/.test(c.total)) &&
          cells.every((c) => c.aligned && c.total !== ''),
      );
    // The custom report's filters: one country.
    const answered = page.waitForResponse(
      (res) =>
        res.url().endsWith('/scaler/v3/report/custom') &&
        (res.request().postDataJSON() as { countries: string[] }).countries.join() === 'US',
    );
    // Found by its ISO code, first of the matches.
    const countries = content(page).getByRole('combobox', { name: 'All countries' });
    await countries.click();
    await countries.pressSequentially('US');
    const options = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    );
    await expect.poll(() => options.first().textContent()).toBe('United States of America (US)');
    await countries.press('Enter');
    await page.waitForURL(/countries=US/);
    const us = (await (await answered).json()).data as { total: number; totals: Record<string, number> };
    await expect
      .poll(() => table.locator('.ant-table-summary').textContent())
      .toContain(`Total of ${us.total}`);
    // Excel: the rows and the totals row, money as numbers in dollars.
    const sheet = await exportedSheet(page);
    const head = sheet.getRow(1).values as unknown[];
    expect(head.slice(1, 3)).toEqual(['Publisher', 'Cost']);
    expect(sheet.rowCount).toBe(us.total + 2);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(head.indexOf('Clicks')).value).toBe(us.totals.clicks);
    expect(last.getCell(head.indexOf('Cost')).numFmt).toMatch(/^"\$"#,##0\.00/);
    expect(Math.abs((last.getCell(head.indexOf('Cost')).value as number) - us.totals.gmv)).toBeLessThan(0.01);
  });
  await withPage(
    browser,
    'report-bundle-read-only-zh',
    async ({ context, page }) => {
      await loginViaApi(context, 'user@demo.test');
      await context.addInitScript(() => {
        localStorage.setItem('SC-TIMEZONE', '+00:00');
        localStorage.setItem('SC-LOCALE', 'zh-CN');
      });
      await page.goto('/report/bundle?org=100001&adv=1000002&start=2026-11-01&end=2026-11-20');
      const table = content(page).locator('.ant-table');
      await table.locator('.ant-table-row').first().waitFor();
      await expect
        .poll(async () => (await totalsUnderHeadings(page)).filter((c) => c.heading !== ''), {
          timeout: 20_000,
        })
        .toSatisfy(
          (cells: Awaited<ReturnType<typeof totalsUnderHeadings>>) =>
            cells.length > 5 &&
            cells.every((c) => c.aligned) &&
            /^共 \d+ 行$/.test(cells[0]?.total ?? '') &&
            cells.slice(1).every((c) => c.total !== ''),
        );
    },
    { locale: 'zh-CN' },
  );
});

/** A report time zone in which it is now about 10:00, so today has hours still to come. */
const morningZone = () => {
  let offset = 10 - new Date().getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 12) offset -= 24;
  return `${offset < 0 ? '-' : '+'}${String(Math.abs(offset)).padStart(2, '0')}:00`;
};

test('hourly report: hours still to come are empty, money has one number of decimals, the time zone is shown; exported with totals', {
  timeout: 180_000,
}, async () => {
  const zone = morningZone();
  await withPage(browser, 'report-hourly-today', async ({ context, page }) => {
    await loginViaApi(context, 'admin@demo.test');
    await context.addInitScript((z) => {
      localStorage.setItem('SC-TIMEZONE', z);
      localStorage.setItem('SC-REPORT-TYPE', 'event');
    }, zone);
    await page.goto(`/report/hourly${query}`);
    await page.getByRole('heading', { name: 'Hourly report', level: 3 }).waitFor();
    // Beside the days: the time zone and the report dimension of the global settings.
    await expect
      .poll(() => content(page).getByTestId('report-time-zone').textContent())
      .toBe(`Time zone: UTC${zone}`);
    expect(await content(page).getByTestId('report-dimension').textContent()).toBe(
      'Report dimension: Event time',
    );
    const table = content(page).locator('.ant-table');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(24);
    await expect.poll(() => table.locator('.ant-spin-spinning').count()).toBe(0);
    const now = Number(zone.slice(0, 3)) + new Date().getUTCHours();
    const hourNow = ((now % 24) + 24) % 24;
    const cells = async () => {
      const out: string[][] = [];
      for (const r of await table.locator('tbody tr.ant-table-row').all())
        out.push(await r.locator('td').allTextContents());
      return out.map((c) => c.map((x) => x.trim()));
    };
    await expect
      .poll(async () => (await cells()).slice(hourNow + 1).map((c) => [c[1], c[3]]), { timeout: 20_000 })
      .toEqual(Array.from({ length: 23 - hourNow }, () => ['', '']));
    // Hours that have begun, and the day before: figures, every one with the same decimals.
    const rows = await cells();
    expect(rows[0][1]).toMatch(/^\$[\d,]+\.\d+$/);
    const money = rows.flatMap((c) => [c[1], c[2]]).filter((x) => x !== '');
    const decimals = new Set(money.map((m) => m.split('.')[1].length));
    expect(decimals.size).toBe(1);
    // The export: 24 hours and the whole day, the hours to come empty.
    const sheet = await exportedSheet(page);
    expect(sheet.rowCount).toBe(26);
    expect(sheet.getRow(2).getCell(1).value).toBe('00:00');
    expect(typeof sheet.getRow(2).getCell(3).value).toBe('number');
    expect(sheet.getRow(2).getCell(3).numFmt).toMatch(/^"\$"#,##0\.0{2,4}$/);
    if (hourNow < 23) expect(sheet.getRow(hourNow + 3).getCell(2).value).toBeNull();
    expect(sheet.getRow(26).getCell(1).value).toBe('Total');
    expect(typeof sheet.getRow(26).getCell(3).value).toBe('number');
  });
  await withPage(
    browser,
    'report-hourly-today-zh',
    async ({ context, page }) => {
      await loginViaApi(context, 'admin@demo.test');
      await context.addInitScript((z) => {
        localStorage.setItem('SC-TIMEZONE', z);
        localStorage.setItem('SC-LOCALE', 'zh-CN');
      }, zone);
      await page.goto(`/report/index${query}`);
      await expect
        .poll(() => content(page).getByTestId('report-time-zone').textContent())
        .toBe(`时区：UTC${zone}`);
      expect(await content(page).getByTestId('report-dimension').textContent()).toBe('报表维度：请求时间');
    },
    { locale: 'zh-CN' },
  );
});
