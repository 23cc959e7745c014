import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { ASSETS_DIR } from '../../container';
import { AppError } from '../../errors';
import { COMMON_PASSWORDS_ASSET, loadCommonPasswords } from './common-passwords';
import { PasswordPolicy } from './password-policy';

const commonPasswords = loadCommonPasswords(path.join(ASSETS_DIR, COMMON_PASSWORDS_ASSET));

function refusal(policy: PasswordPolicy, password: string, field?: string): unknown {
  try {
    policy.check(password, field);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      status: error.statusCode,
      code: error.code,
      message: error.message,
      errors: error.errors,
    };
  }
  return null;
}

describe('PASSWORD_MIN_LENGTH', () => {
  it('is 6 unless set', () => {
    expect(loadConfig({}).passwordMinLength).toBe(6);
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '' }).passwordMinLength).toBe(6);
  });

  it('reads a whole number from 6 to 128', () => {
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '8' }).passwordMinLength).toBe(8);
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '128' }).passwordMinLength).toBe(128);
  });

  it.each(['5', '0', '129', '8.5', 'eight', '-8'])(
    'stops on %j naming the variable and the rule',
    (value) => {
      expect(() => loadConfig({ PASSWORD_MIN_LENGTH: value })).toThrow(
        new ConfigError(
          `Invalid configuration: PASSWORD_MIN_LENGTH must be a whole number from 6 to 128 (got ${JSON.stringify(value)})`,
        ),
      );
    },
  );

  it('holds ADMIN_PASSWORD to the same minimum', () => {
    expect(
      loadConfig({ PASSWORD_MIN_LENGTH: '10', ADMIN_PASSWORD: 'ten-chars!' }).adminPassword,
    ).toBe('ten-chars!');
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '10', ADMIN_PASSWORD: 'nine-char' })).toThrow(
      /^Invalid configuration: ADMIN_PASSWORD must be at least PASSWORD_MIN_LENGTH \(10\) characters/,
    );
  });
});

describe('the list of common passwords', () => {
  it('holds the 100,000 passwords of the shipped list, compared without regard to case', () => {
    // 100,000 lines, 96,518 different passwords once letter case is set aside.
    expect(commonPasswords.size).toBe(96_518);
    for (const password of ['123456', 'password', 'iloveyou', 'dragon', '070162']) {
      expect(commonPasswords.has(password)).toBe(true);
    }
    expect(commonPasswords.has('Password1')).toBe(false);
    expect(commonPasswords.has('password1')).toBe(true);
  });

  it('is read once per process', () => {
    expect(loadCommonPasswords(path.join(ASSETS_DIR, COMMON_PASSWORDS_ASSET))).toBe(
      commonPasswords,
    );
  });
});

describe('PasswordPolicy', () => {
  const defaults = new PasswordPolicy(6, commonPasswords);
  const raised = new PasswordPolicy(10, commonPasswords);

  it('takes an uncommon password of the configured length', () => {
    expect(refusal(defaults, 'violet-kettle')).toBeNull();
    expect(refusal(raised, 'violet-kettle')).toBeNull();
    expect(refusal(defaults, 'q7Tz!x')).toBeNull();
  });

  it('refuses a shorter one with the wording of the default, or the configured number', () => {
    expect(refusal(defaults, 'q7Tz!')).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'Password must be at least 6 characters',
      errors: [
        { field: 'password', code: 'too_small', message: 'Password must be at least 6 characters' },
      ],
    });
    expect(refusal(raised, 'q7Tz!x-ab', 'newPassword')).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'Password must be at least 10 characters',
      errors: [
        {
          field: 'newPassword',
          code: 'too_small',
          message: 'Password must be at least 10 characters',
        },
      ],
    });
  });

  it('refuses more than 128 characters', () => {
    expect(refusal(defaults, 'k'.repeat(128))).toBeNull();
    expect(refusal(raised, 'k'.repeat(129))).toMatchObject({
      code: 'invalid_input',
      message: 'Password must be at most 128 characters',
      errors: [{ field: 'password', code: 'too_big' }],
    });
  });

  it('refuses a common password in any letter case, saying why', () => {
    const message =
      'This password is too common: it appears in lists of breached passwords. Choose another.';
    for (const password of ['iloveyou', 'ILoveYou', 'Password1', 'qwerty123', 'baseball']) {
      expect(refusal(defaults, password)).toEqual({
        status: 400,
        code: 'password_too_common',
        message,
        errors: [{ field: 'password', code: 'password_too_common', message }],
      });
    }
  });

  it('tells the length before the list: a short common password is told it is short', () => {
    expect(refusal(raised, 'iloveyou')).toMatchObject({ code: 'invalid_input' });
  });
});
