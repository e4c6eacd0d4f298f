import { ZCreateAppRequest, ZResetPasswordForm } from '@scaler/domain';
import type { FormInstance } from 'antd';
import { describe, expect, test } from 'vitest';
import i18n from '../i18n';
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

describe('limits (issue 18)', () => {
  const checkBundle = (values: Record<string, unknown>) => {
    const rule = zodRule(ZCreateAppRequest, 'bundle_id');
    const form = { getFieldsValue: () => values } as unknown as FormInstance;
    const resolved = typeof rule === 'function' ? rule(form) : rule;
    return resolved.validator!({} as never, values.bundle_id, () => {}) as Promise<void>;
  };

  test('a field over its length says the limit, as the server does, in both languages', async () => {
    const values = { bundle_id: `com.${'a'.repeat(300)}` };
    await expect(checkBundle(values)).rejects.toThrow('At most 255 characters.');
    await i18n.changeLanguage('zh-CN');
    try {
      await i18n.loadNamespaces('validation');
      await expect(checkBundle(values)).rejects.toThrow('最多 255 个字符。');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
