import { STANDARD_EVENTS_VERSION, standardEvents, type TStandardEventList } from '@scaler/domain';
import { describe, expect, test, vi } from 'vitest';
import { loadStandardEvents, parseStandardEventList, standardEventsStorageKey } from './standardEvents';

const webList = standardEvents('web', 'en-US');
const answer = (list = webList, version = STANDARD_EVENTS_VERSION): TStandardEventList => ({ version, list });
const key = standardEventsStorageKey('web', 'en-US');

describe('loadStandardEvents', () => {
  test('fetches the list when nothing is cached, and caches it', async () => {
    const fetchList = vi.fn(async () => answer());
    expect(await loadStandardEvents('web', 'en-US', fetchList)).toEqual(webList);
    expect(fetchList).toHaveBeenCalledWith('/scaler/ex/utils/standard_web_event');
    expect(JSON.parse(localStorage.getItem(key) ?? 'null')).toEqual(answer());
  });

  test('answers from the cache without a request while it is valid', async () => {
    localStorage.setItem(key, JSON.stringify(answer()));
    const fetchList = vi.fn(async () => answer([]));
    expect(await loadStandardEvents('web', 'en-US', fetchList)).toEqual(webList);
    expect(fetchList).not.toHaveBeenCalled();
  });

  test.each([
    ['another version', JSON.stringify(answer(webList, STANDARD_EVENTS_VERSION + 1))],
    ['unparsable text', '{"version":1,"list":['],
    [
      'a list of the wrong shape',
      JSON.stringify({ version: STANDARD_EVENTS_VERSION, list: [{ event_type: 1 }] }),
    ],
    ['an empty list', JSON.stringify(answer([]))],
  ])('fetches again when the cache holds %s', async (_what, stored) => {
    localStorage.setItem(key, stored);
    const fetchList = vi.fn(async () => answer());
    expect(await loadStandardEvents('web', 'en-US', fetchList)).toEqual(webList);
    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(parseStandardEventList(localStorage.getItem(key))).toEqual(webList);
  });

  test('app events and each language are cached apart', async () => {
    const zhApp = standardEvents('app', 'zh-CN');
    const fetchList = vi.fn(async () => answer(zhApp));
    expect(await loadStandardEvents('app', 'zh-CN', fetchList)).toEqual(zhApp);
    expect(fetchList).toHaveBeenCalledWith('/scaler/ex/utils/standard_event');
    expect(localStorage.getItem(standardEventsStorageKey('app', 'en-US'))).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  test('a list of another version from the server is used but not cached', async () => {
    const fetchList = vi.fn(async () => answer(webList, STANDARD_EVENTS_VERSION + 1));
    expect(await loadStandardEvents('web', 'en-US', fetchList)).toEqual(webList);
    expect(localStorage.getItem(key)).toBeNull();
  });
});
