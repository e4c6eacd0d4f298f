import { ZCreateAppRequest, ZResetPasswordForm } from '@scaler/domain';
import type { FormInstance } from 'antd';
import { describe, expect, test } from 'vitest';
import { zodRule } from './zodRules';

function check(values: Record<string, unknown>, name: string): Promise<void> {
  const rule = zodRule(ZResetPasswordForm, name);
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  const resolved = typeof rule === 'function' ? rule(form) : rule;
  return resolved.validator!({} as never, values[name], () => {}) as Promise<void>;
}

describe('zodRule', () => {
  test('an empty password asks for one, in the current language', async () => {
    await expect(check({ password: '', confirm: '' }, 'password')).rejects.toThrow('Please enter password.');
  });

  test('a different confirmation says the passwords differ', async () => {
    await expect(check({ password: 'Secret#2026', confirm: 'Other#2026' }, 'confirm')).rejects.toThrow(
      'The password you set is not the same, please check it.',
    );
    await expect(
      check({ password: 'Secret#2026', confirm: 'Secret#2026' }, 'confirm'),
    ).resolves.toBeUndefined();
  });
});

describe('enum values', () => {
  const schema = ZCreateAppRequest;
  const checkApp = (values: Record<string, unknown>) => {
    const rule = zodRule(schema, 'partner');
    const form = { getFieldsValue: () => values } as unknown as FormInstance;
    const resolved = typeof rule === 'function' ? rule(form) : rule;
    return resolved.validator!({} as never, values.partner, () => {}) as Promise<void>;
  };

  test('a missing choice is required; a value not in the list says it is not allowed', async () => {
    await expect(checkApp({})).rejects.toThrow('This field is required.');
    await expect(checkApp({ partner: 'nope' })).rejects.toThrow(
      /^This value is not one of the allowed values: appsflyer, adjust/,
    );
  });
});
