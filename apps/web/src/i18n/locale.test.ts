import { LOCALE_STORAGE_KEY } from '@scaler/domain';
import dayjs from 'dayjs';
import { afterEach, describe, expect, test } from 'vitest';
import { timeZoneLabel } from '../lib/timeZones';
import i18n, { changeLocale, currentLocale, dayjsLocale, translateKey } from '.';

afterEach(async () => {
  await changeLocale('en-US');
});

describe('locale', () => {
  test('switching language applies at once, persists, and moves dayjs and <html lang>', async () => {
    await changeLocale('zh-CN');
    expect(currentLocale()).toBe('zh-CN');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(i18n.t('menu:home')).toBe('首页');
    await changeLocale('en-US');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en-US');
  });

  test('domain message keys translate in both languages; unknown text passes through', async () => {
    expect(translateKey('validation.password_mismatch')).toBe(
      'The password you set is not the same, please check it.',
    );
    expect(translateKey('errors.no_adv')).toBe('No advertiser account found.');
    await changeLocale('zh-CN');
    expect(translateKey('errors.forbidden')).toBe('没有操作权限。');
    expect(translateKey('Some server text.')).toBe('Some server text.');
  });

  test('dayjs locale names', () => {
    expect(dayjsLocale('zh-CN')).toBe('zh-cn');
    expect(dayjsLocale('en-US')).toBe('en');
  });

  test('time zone labels', () => {
    const local = (offset: string) => `Local time (${offset})`;
    expect(timeZoneLabel('+08:00', local)).toBe('UTC+08:00');
    expect(timeZoneLabel('-05:00', local)).toBe('UTC-05:00');
    const now = new Date();
    const minutes = -now.getTimezoneOffset();
    const sign = minutes < 0 ? '-' : '+';
    const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
    const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
    expect(timeZoneLabel('+99:00', local, now)).toBe(`Local time (UTC${sign}${hh}:${mm})`);
  });
});
