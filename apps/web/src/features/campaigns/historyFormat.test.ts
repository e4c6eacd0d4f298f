import { expect, test } from 'vitest';
import enEditor from '../../i18n/locales/en-US/campaignEditor.json';
import enCampaigns from '../../i18n/locales/en-US/campaigns.json';
import zhEditor from '../../i18n/locales/zh-CN/campaignEditor.json';
import zhCampaigns from '../../i18n/locales/zh-CN/campaigns.json';
import { fieldLabel, fieldValue, type HistoryLookups, type Translate } from './historyFormat';

/** A small i18next stand-in over the real locale files: `ns:a.b`, `{{x}}` and `_one`/`_other`. */
function translator(files: Record<string, unknown>, plural: (n: number) => 'one' | 'other'): Translate {
  return (key, options = {}) => {
    const [ns, path] = key.split(':');
    const walk = (p: string) =>
      p
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], files[ns]);
    const count = options.count as number | undefined;
    const found = (count !== undefined ? walk(`${path}_${plural(count)}`) : undefined) ?? walk(path);
    const text = typeof found === 'string' ? found : ((options.defaultValue as string | undefined) ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
  };
}

const en = translator({ campaigns: enCampaigns, campaignEditor: enEditor }, (n) =>
  n === 1 ? 'one' : 'other',
);
const zh = translator({ campaigns: zhCampaigns, campaignEditor: zhEditor }, () => 'other');
const look = (locale: 'en-US' | 'zh-CN'): HistoryLookups => ({
  locale,
  country: (c) => new Intl.DisplayNames([locale], { type: 'region' }).of(c),
  asset: (id) => (id === 'a1' ? 'Runner for Android' : undefined),
});

test('fields carry the labels of their form, by level where the form differs', () => {
  expect(fieldLabel(2, 'bidding_type', en)).toBe('Bidding strategy');
  expect(fieldLabel(2, 'bidding_type', zh)).toBe('出价策略');
  expect(fieldLabel(1, 'name', en)).toBe('Campaign name');
  expect(fieldLabel(2, 'name', en)).toBe('Ad group name');
  expect(fieldLabel(3, 'name', zh)).toBe(zhEditor.creative.name);
  expect(fieldLabel(2, 'no_such_field', en)).toBe('no_such_field');
});

test('codes read as words, money with its currency, countries and assets by name', () => {
  expect(fieldValue('bidding_type', '4', en, look('en-US'))).toBe('CPI');
  expect(fieldValue('billing_type', '2', en, look('en-US'))).toBe('Install (CPI)');
  expect(fieldValue('billing_type', '2', zh, look('zh-CN'))).toBe('按安装（CPI）');
  expect(fieldValue('bid_price', '2.4', en, look('en-US'))).toBe('$2.40');
  expect(fieldValue('campaign_budget', '300', zh, look('zh-CN'))).toBe('$300.00');
  expect(fieldValue('countries', '["US","CA"]', en, look('en-US'))).toBe('United States, Canada');
  expect(fieldValue('countries', '["DE","JP"]', zh, look('zh-CN'))).toBe('德国、日本');
  expect(fieldValue('countries', '[]', en, look('en-US'))).toBe('All countries');
  expect(fieldValue('os', '2', en, look('en-US'))).toBe('Android');
  expect(fieldValue('app_id', 'a1', en, look('en-US'))).toBe('Runner for Android');
  expect(fieldValue('budget_type', null, en, look('en-US'))).toBe(enEditor.budget.none);
  expect(fieldValue('budget_type', '0', zh, look('zh-CN'))).toBe('日预算');
  expect(fieldValue('opt_status', '0', en, look('en-US'))).toBe('Off');
  expect(fieldValue('search_arbitrage', 'true', zh, look('zh-CN'))).toBe('是');
  expect(fieldValue('bundle_mode', '2', en, look('en-US'))).toBe('All but these');
  expect(fieldValue('dayparting', '1'.repeat(10) + '0'.repeat(158), en, look('en-US'))).toBe(
    '10 hours a week',
  );
  expect(fieldValue('events', '[{"event_id":"purchase","bid":18}]', zh, look('zh-CN'))).toBe(
    '购买 (purchase) $18.00',
  );
  expect(fieldValue('bundles', '["com.a"]', en, look('en-US'))).toBe('1 publisher: com.a');
  expect(fieldValue('review_status', '2', en, look('en-US'))).toBe('Rejected');
  expect(fieldValue('landing_url', null, en, look('en-US'))).toBe('—');
  // A value that cannot be read back is shown as recorded.
  expect(fieldValue('countries', 'not json', en, look('en-US'))).toBe('not json');
});
