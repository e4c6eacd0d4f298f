import { expect, test } from 'vitest';
import { avatarUrl, DISPLAY_NAME_MAX, displayFileName, sniffFileType } from './files';

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

test('display names: no folders, control or bidi characters, the real extension, bounded length', () => {
  expect(displayFileName('C:\\Users\\ann\\Scan 01.PDF', 'pdf')).toBe('Scan 01.pdf');
  expect(displayFileName('../../etc/營業執照.jpeg', 'jpg')).toBe('營業執照.jpg');
  expect(displayFileName('invoice\u202Efdp.exe', 'pdf')).toBe('invoicefdp.exe.pdf');
  expect(displayFileName('a\u0000b\r\nc.png', 'png')).toBe('abc.png');
  expect(displayFileName('photo.png', 'gif')).toBe('photo.png.gif');
  expect(displayFileName('', 'webp')).toBe('file.webp');
  expect(displayFileName('...', 'png')).toBe('file.png');
  const long = displayFileName(`${'长'.repeat(300)}.pdf`, 'pdf');
  expect([...long]).toHaveLength(DISPLAY_NAME_MAX);
  expect(long.endsWith('.pdf')).toBe(true);
});
