import { expect, test } from 'vitest';
import { redactUrl } from './log-redact';

test('postback secrets and token-like query values never reach the log', () => {
  expect(redactUrl('/t/postback/adjust/0123456789abcdef0123456789abcdef?click_id=c1&event=install')).toBe(
    '/t/postback/adjust/[redacted]?click_id=c1&event=install',
  );
  expect(redactUrl('/login?redirect=%2Fmanage&token=abc123')).toBe(
    '/login?redirect=%2Fmanage&token=[redacted]',
  );
  expect(redactUrl('/t/click?a=1&sig=xyz&c=2')).toBe('/t/click?a=1&sig=[redacted]&c=2');
  expect(redactUrl('/scaler/v3/pixel?_id=abc')).toBe('/scaler/v3/pixel?_id=abc');
});
