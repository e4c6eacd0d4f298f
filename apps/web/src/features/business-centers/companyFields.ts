/**
 * The company fields of spec 3 in the order forms and detail lists show them: a module of its own, so a
 * page that only lists them (the operator's evidence, the account details) does not load the form.
 */
export const COMPANY_FIELDS = [
  'company_name',
  'profession',
  'currency',
  'timezone',
  'target_location',
  'website',
  'tax_number',
  'license_no',
  'contact_name',
  'telephone',
  'phone',
] as const;
