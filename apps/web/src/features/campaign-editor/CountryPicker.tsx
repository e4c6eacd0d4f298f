import { Select } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { useCountries } from './api';
import { type CountryOption, countryTerms, rankCountry } from './countrySearch';

interface CountryChoice {
  value: string;
  label: string;
  terms: string[];
}

const rankOf = (search: string, option: CountryChoice | undefined) =>
  option ? rankCountry(search, option.value, option.terms) : null;

/**
 * A choice of countries (the ad group's targeting, the reports' country filter): found by ISO code and by official or common name in English and
 * Chinese, best match first (exact code, exact name, start of the name, start of a word, anywhere),
 * so "United States" + Enter picks the United States and "US" finds it first.
 */
export function CountryPicker({
  value,
  onChange,
  placeholder,
  id,
  ariaLabel,
  style,
}: {
  value?: string[];
  onChange?: (codes: string[]) => void;
  placeholder: string;
  id?: string;
  ariaLabel?: string;
  style?: CSSProperties;
}) {
  const countries = useCountries();
  const options = useMemo(
    () =>
      (countries.data ?? []).map(
        (c: CountryOption): CountryChoice => ({
          value: c.code,
          label: `${c.name} (${c.code})`,
          terms: countryTerms(c),
        }),
      ),
    [countries.data],
  );
  return (
    <Select<string[], CountryChoice>
      id={id}
      aria-label={ariaLabel}
      style={style}
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      loading={countries.isLoading}
      placeholder={placeholder}
      options={options}
      showSearch={{
        filterOption: (search, option) => rankOf(search, option) !== null,
        filterSort: (a, b, { searchValue }) => (rankOf(searchValue, a) ?? 9) - (rankOf(searchValue, b) ?? 9),
      }}
    />
  );
}
