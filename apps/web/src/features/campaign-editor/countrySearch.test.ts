import { describe, expect, test } from 'vitest';
import { type CountryOption, countryTerms, MATCH, normalizeSearch, rankCountry } from './countrySearch';

/** Official names as the server sends them (`select: 'official'`), in English and in Chinese. */
const EN: CountryOption[] = [
  { code: 'AU', name: 'Australia' },
  { code: 'BY', name: 'Belarus' },
  { code: 'CI', name: "Côte d'Ivoire" },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'UM', name: 'United States Minor Outlying Islands' },
  { code: 'US', name: 'United States of America' },
];
const ZH: CountryOption[] = [
  { code: 'UM', name: '美国本土外小岛屿' },
  { code: 'US', name: '美国' },
  { code: 'AS', name: '美属萨摩亚' },
  { code: 'GB', name: '英国' },
];

/** The codes a search finds, best first, as the picker orders them (list order breaks ties). */
function found(query: string, list: CountryOption[]): string[] {
  return list
    .map((c, index) => ({ code: c.code, index, rank: rankCountry(query, c.code, countryTerms(c)) }))
    .filter((c) => c.rank !== null)
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.index - b.index)
    .map((c) => c.code);
}

describe('country search', () => {
  test('"United States" is the United States first, the outlying islands after', () => {
    expect(found('United States', EN)).toEqual(['US', 'UM']);
    expect(found('united states', EN)[0]).toBe('US');
  });

  test('an ISO code typed exactly comes first, before names that merely contain it', () => {
    expect(found('US', EN)[0]).toBe('US');
    expect(found('us', EN)).toContain('AU');
    expect(found('gb', EN)[0]).toBe('GB');
    expect(rankCountry('us', 'US', countryTerms(EN[5]))).toBe(MATCH.code);
  });

  test('common names and abbreviations count as exact names', () => {
    expect(rankCountry('USA', 'US', countryTerms(EN[5]))).toBe(MATCH.name);
    expect(found('U.S.A.', EN)).toEqual(['US']);
    expect(found('UK', EN)[0]).toBe('GB');
    expect(found('Great Britain', EN)).toEqual(['GB']);
  });

  test('ranks: exact code, exact name, prefix, word prefix, substring', () => {
    const terms = countryTerms(EN[4]);
    expect(rankCountry('UM', 'UM', terms)).toBe(MATCH.code);
    expect(rankCountry('United States Minor Outlying Islands', 'UM', terms)).toBe(MATCH.name);
    expect(rankCountry('United St', 'UM', terms)).toBe(MATCH.prefix);
    expect(rankCountry('outly', 'UM', terms)).toBe(MATCH.wordPrefix);
    expect(rankCountry('tlying', 'UM', terms)).toBe(MATCH.substring);
    expect(rankCountry('France', 'UM', terms)).toBeNull();
  });

  test('accents and punctuation do not count', () => {
    expect(normalizeSearch("Côte d'Ivoire")).toBe('cote divoire');
    expect(found('cote d', EN)).toEqual(['CI']);
    expect(found('Ivory', EN)).toEqual(['CI']);
  });

  test('Chinese names: exact first, then names that start with it; English works on Chinese pages', () => {
    expect(found('美国', ZH)).toEqual(['US', 'UM']);
    expect(found('美', ZH)).toEqual(['UM', 'US', 'AS']);
    expect(found('United States', ZH)[0]).toBe('US');
    expect(found('US', ZH)[0]).toBe('US');
    expect(found('英国', EN)).toEqual(['GB']);
  });
});
