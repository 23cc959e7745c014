import { describe, expect, it } from 'vitest';
import { firstAdminNotice } from './first-admin-notice';

describe('firstAdminNotice', () => {
  it('boxes the credentials, every line as wide as the longest', () => {
    const notice = firstAdminNotice('admin@cadenza.local', 'Kx7-very-long-generated-password');
    const lines = notice.split('\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/^╭─+╮$/);
    expect(lines.at(-1)).toMatch(/^╰─+╯$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(notice).toContain('│   e-mail:   admin@cadenza.local ');
    expect(notice).toContain('│   password: Kx7-very-long-generated-password ');
    expect(notice).toContain('shown only this once');
  });
});
