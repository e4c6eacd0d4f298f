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
  expect(redactUrl('/select?code=Zm9vYmFyYmF6cXV4cXV1eA')).toBe('/select?code=[redacted]');
});

test('a credential nested in another parameter, encoded once or twice, is redacted too', () => {
  const secret = 'c2VjcmV0LXNlc3Npb24tdG9rZW4tdmFsdWU';
  const nested = redactUrl(`/login?redirect=%2Fmanage%2Foverview%3Forg%3D1%26token%3D${secret}`);
  expect(nested).not.toContain(secret);
  expect(decodeURIComponent(nested)).toBe('/login?redirect=/manage/overview?org=1&token=[redacted]');

  const twice = redactUrl(`/login?redirect=${encodeURIComponent(encodeURIComponent(`/x?code=${secret}`))}`);
  expect(twice).not.toContain(secret);
  expect(decodeURIComponent(decodeURIComponent(twice))).toBe('/login?redirect=/x?code=[redacted]');

  const raw = redactUrl(`/login?redirect=/email?type=reset&token=${secret}#top`);
  expect(raw).toBe('/login?redirect=/email?type=reset&token=[redacted]#top');

  const bare = redactUrl(`/x?next=${encodeURIComponent(`access_token=${secret}&a=1`)}`);
  expect(bare).not.toContain(secret);

  // Nothing to hide: the URL is logged exactly as it came.
  expect(redactUrl('/login?redirect=%2Fmanage%2Foverview%3Forg%3D100001')).toBe(
    '/login?redirect=%2Fmanage%2Foverview%3Forg%3D100001',
  );
  expect(redactUrl('/docs/en/?q=a%20b')).toBe('/docs/en/?q=a%20b');
});
