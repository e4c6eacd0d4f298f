import { describe, expect, test } from 'vitest';
import { downloadLinkMessage, NEW_APP, storeLinkPatch } from './appForm';

describe('storeLinkPatch', () => {
  test('a Google Play link fills Android, store download and the package name', () => {
    expect(storeLinkPatch(' https://play.google.com/store/apps/details?id=com.example.game&hl=en ')).toEqual({
      os: 2,
      download_type: 1,
      bundle_id: 'com.example.game',
    });
  });

  test('an App Store link fills iOS and store download, not the bundle (it is not in the link)', () => {
    expect(storeLinkPatch('https://apps.apple.com/us/app/example/id1234567890')).toEqual({
      os: 1,
      download_type: 1,
    });
  });

  test('anything else changes nothing', () => {
    expect(storeLinkPatch('https://cdn.example.com/app.apk')).toBeNull();
    expect(storeLinkPatch('http://play.google.com/store/apps/details?id=com.example.game')).toBeNull();
    expect(storeLinkPatch('')).toBeNull();
  });
});

describe('downloadLinkMessage', () => {
  const android = { ...NEW_APP, os: 2 as const, bundle_id: 'com.example.game' };

  test('a store link of the platform with the same package is valid', () => {
    expect(
      downloadLinkMessage({
        ...android,
        download_link: 'https://play.google.com/store/apps/details?id=com.example.game',
      }),
    ).toBeNull();
  });

  test('names the problem of the link', () => {
    expect(downloadLinkMessage({ ...android, download_link: '' })).toBe('validation.download_link');
    expect(
      downloadLinkMessage({
        ...android,
        download_link: 'https://play.google.com/store/apps/details?id=com.other.app',
      }),
    ).toBe('validation.download_link_bundle');
    expect(
      downloadLinkMessage({
        ...NEW_APP,
        download_link: 'https://play.google.com/store/apps/details?id=com.x.y',
      }),
    ).toBe('validation.download_link');
    expect(
      downloadLinkMessage({ ...NEW_APP, download_type: 3, download_link: 'https://cdn.example.com/app.apk' }),
    ).toBe('validation.apk_android');
    expect(
      downloadLinkMessage({ ...android, download_type: 3, download_link: 'https://cdn.example.com/app.apk' }),
    ).toBeNull();
  });
});
