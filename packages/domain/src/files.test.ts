import { expect, test } from 'vitest';
import { avatarUrl, sniffFileType } from './files';

const bytes = (...b: number[]) => new Uint8Array([...b, ...Array(16).fill(0)]);

test('file types come from the bytes', () => {
  expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
  expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
  expect(sniffFileType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe('gif');
  expect(sniffFileType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBe('webp');
  expect(sniffFileType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('pdf');
  expect(sniffFileType(new TextEncoder().encode('<html>not an image</html>'))).toBeNull();
  expect(sniffFileType(new Uint8Array())).toBeNull();
});

test('avatar URLs: default per type, static host for relative, absolute as is', () => {
  expect(avatarUrl(null, 'bc')).toBe('/static/avatars/default-bc.svg');
  expect(avatarUrl('', 'member')).toBe('/static/avatars/default-member.svg');
  expect(avatarUrl('avatars/abc.png', 'adv')).toBe('/static/avatars/abc.png');
  expect(avatarUrl('/avatars/abc.png', 'adv')).toBe('/static/avatars/abc.png');
  expect(avatarUrl('https://cdn.example/a.png', 'pay')).toBe('https://cdn.example/a.png');
});
