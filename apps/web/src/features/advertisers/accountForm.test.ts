import type { TAdvertiserDetail } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { accountValuesFromDetail, newAccountValues, toAdvertiserRequest } from './accountForm';

const FILE_A = `${'a'.repeat(32)}.pdf`;
const FILE_B = `${'b'.repeat(32)}.png`;

const detail = {
  adv_id: 1000001,
  adv_name: 'Northwind Shoes',
  company_name: 'Northwind Ltd',
  profession: 'retail',
  currency: 'USD',
  timezone: '-05:00',
  timezone_name: 'America/New_York',
  target_location: 'US',
  website: 'https://northwind.example',
  tax_number: 'T-1',
  license_no: 'L-1',
  contact_name: 'Ann',
  telephone: '+1 555 0100',
  phone: '',
  license_files: [{ file: FILE_A, name: 'licence.pdf' }],
} as TAdvertiserDetail;

describe('account form mapping', () => {
  test("new accounts default to the center currency and time zone (the center's offset as its fixed zone)", () => {
    expect(newAccountValues({ currency: 'EUR', timezone: '+01:00' })).toMatchObject({
      currency: 'EUR',
      timezone: 'Etc/GMT-1',
    });
    expect(newAccountValues(null).timezone).toBe('UTC');
    expect(newAccountValues(null).currency).toBe('USD');
  });

  test('the edit form is prefilled from the detail without its attached files', () => {
    const values = accountValuesFromDetail(detail);
    expect(values.adv_name).toBe('Northwind Shoes');
    expect(values.website).toBe('https://northwind.example');
    expect(values.license_files).toEqual([]);
    // The IANA name is edited, not the offset of today.
    expect(values.timezone).toBe('America/New_York');
  });

  test('the request keeps an IANA zone, turns a fixed offset into its name and refuses part hours', () => {
    const base = { adv_name: 'Zoned', company_name: 'Acme', profession: 'travel', currency: 'USD' };
    expect(toAdvertiserRequest({ ...base, timezone: 'Europe/Berlin' }).timezone).toBe('Europe/Berlin');
    expect(toAdvertiserRequest({ ...base, timezone: '+08:00' }).timezone).toBe('Etc/GMT-8');
    expect(() => toAdvertiserRequest({ ...base, timezone: 'Asia/Kolkata' })).toThrow();
  });

  test('the request trims, fills optional fields and merges kept and new files once', () => {
    const request = toAdvertiserRequest(
      {
        adv_name: '  Travel  ',
        company_name: 'Acme',
        profession: 'travel',
        currency: 'USD',
        timezone: '+00:00',
        license_files: [FILE_B, FILE_A],
      },
      [{ file: FILE_A, name: 'licence.pdf' }],
    );
    expect(request.adv_name).toBe('Travel');
    expect(request.phone).toBe('');
    expect(request.license_files).toEqual([FILE_A, FILE_B]);
  });

  test('an invalid form never becomes a request', () => {
    expect(() => toAdvertiserRequest({ adv_name: '', company_name: 'Acme' })).toThrow();
  });
});
