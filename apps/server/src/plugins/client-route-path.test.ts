import { describe, expect, it } from 'vitest';
import { isClientRoutePath } from './web-paths';

describe('isClientRoutePath', () => {
  it.each([
    '/',
    '/login',
    '/library/albums',
    '/reset-password/AbC_-123',
    '/album/01a205e7-c6d4-7494-a4c2-3664950e7f46',
    '/playlist/abc/',
    '/search',
  ])('takes %s for a page of the app', (pathname) => {
    expect(isClientRoutePath(pathname)).toBe(true);
  });

  it.each([
    '/secret.txt',
    '/../secret.txt',
    '/a/../b',
    '/a/./b',
    '//etc/passwd',
    '/a//b',
    '/..%2fsecret',
    '/%2e%2e/secret',
    '/a%5cb',
    '/a\\b',
    '/%252e%252e',
    '/a%00b',
    '/%c0%ae',
    '/a%0ab',
    '/C:%5cWindows',
    '/assets/app.js',
  ])('refuses %s', (pathname) => {
    expect(isClientRoutePath(pathname)).toBe(false);
  });
});
