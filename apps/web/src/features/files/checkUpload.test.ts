import { FILE_KINDS } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { acceptFor, checkUpload } from './checkUpload';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]);
const TEXT = new TextEncoder().encode('hello world, not a file');

describe('checkUpload', () => {
  test('accepts a licence PDF and PNG within the size limit', () => {
    expect(checkUpload('license', PDF, 1000)).toBeNull();
    expect(checkUpload('license', PNG, FILE_KINDS.license.maxBytes)).toBeNull();
  });

  test('rejects a type the kind does not allow, whatever the size', () => {
    expect(checkUpload('license', GIF, 10)).toBe('format');
    expect(checkUpload('avatar', PDF, 10)).toBe('format');
    expect(checkUpload('avatar', TEXT, 10)).toBe('format');
  });

  test('rejects a file over the kind limit', () => {
    expect(checkUpload('avatar', PNG, FILE_KINDS.avatar.maxBytes + 1)).toBe('size');
    expect(checkUpload('license', PDF, FILE_KINDS.license.maxBytes + 1)).toBe('size');
  });

  test('accept lists the extensions of the kind', () => {
    expect(acceptFor('license')).toBe('.pdf,.png,.jpg,.jpeg,.webp');
    expect(acceptFor('avatar')).toContain('.gif');
  });
});
