import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import './zod-config';

describe('zod under the Content-Security-Policy', () => {
  it('is configured jitless', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('sets it without importing zod, which stays out of the first download', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, 'zod-config.ts'), 'utf8');
    expect(source).not.toMatch(/from 'zod/);
  });

  it('parses objects without ever calling the Function constructor', () => {
    const compile = vi.fn(() => {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    });
    vi.stubGlobal('Function', compile);
    const schema = z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })) });
    expect(schema.parse({ id: '1', tags: [{ name: 'jazz' }] })).toEqual({
      id: '1',
      tags: [{ name: 'jazz' }],
    });
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
  });

  it('is set by the first import of the app, before any schema exists', () => {
    const main = fs.readFileSync(path.join(import.meta.dirname, 'main.tsx'), 'utf8');
    expect(main.match(/^import .*$/m)?.[0]).toBe("import './zod-config';");
  });
});
