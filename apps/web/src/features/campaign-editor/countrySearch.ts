import en from 'i18n-iso-countries/langs/en.json';
import zh from 'i18n-iso-countries/langs/zh.json';

/** A country as the picker lists it: ISO 3166-1 alpha-2 code and its name in the page language. */
export interface CountryOption {
  code: string;
  name: string;
}

type NameTable = Record<string, string | string[]>;

/**
 * How well a search matches, best first: the ISO code typed exactly, a name typed exactly, the start
 * of a name, the start of a word of a name, anywhere in a name.
 */
export const MATCH = { code: 0, name: 1, prefix: 2, wordPrefix: 3, substring: 4 } as const;
export type MatchRank = (typeof MATCH)[keyof typeof MATCH];

/** Case, accents and punctuation do not count: "cote d'ivoire" finds "Côte d'Ivoire", "usa" "U.S.A.". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’()]/g, '')
    .replace(/[\s,\-–]+/g, ' ')
    .trim();
}

const namesOf = (table: NameTable, code: string): string[] => {
  const names = table[code];
  return names === undefined ? [] : Array.isArray(names) ? names : [names];
};

/**
 * The names a country is found by, normalised: its shown name and its official and common names in
 * English and in Chinese (whatever the page language, so "US" and "美国" both work on either page).
 */
export function countryTerms(country: CountryOption): string[] {
  const names = [
    country.name,
    ...namesOf(en.countries as NameTable, country.code),
    ...namesOf(zh.countries as NameTable, country.code),
  ];
  return [...new Set(names.map(normalizeSearch).filter((n) => n !== ''))];
}

/** How `query` matches a country (its code and `terms`); null when it does not. */
export function rankCountry(query: string, code: string, terms: readonly string[]): MatchRank | null {
  const q = normalizeSearch(query);
  if (q === '') return MATCH.substring;
  if (q === code.toLowerCase()) return MATCH.code;
  let best: MatchRank | null = null;
  const better = (rank: MatchRank) => {
    if (best === null || rank < best) best = rank;
  };
  for (const term of terms) {
    if (term === q) return MATCH.name;
    if (term.startsWith(q)) better(MATCH.prefix);
    else if (term.split(' ').some((word) => word.startsWith(q))) better(MATCH.wordPrefix);
    else if (term.includes(q)) better(MATCH.substring);
  }
  return best;
}
