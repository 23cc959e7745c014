import { messages, newPasswordFieldFor } from '@cadenza/contract/validation';
import { Invalid } from '../../errors';
import { commonPasswordKey } from './common-passwords';

/**
 * What every new password must be, wherever it is set (sign-up, reset, a change, an account an
 * admin makes): at least PASSWORD_MIN_LENGTH characters (6 unless raised), at most 128, and not
 * one of the most common breached passwords. The length rules are the contract's
 * (newPasswordFieldFor), so the server and the web forms say the same.
 */
export class PasswordPolicy {
  private readonly lengthRule;

  constructor(
    readonly minLength: number,
    private readonly commonPasswords: ReadonlySet<string>,
  ) {
    this.lengthRule = newPasswordFieldFor(minLength);
  }

  /**
   * Throws Invalid (400) when `password` may not be used: `invalid_input` with a `too_small` or
   * `too_big` field error for its length, as a request schema would, or `password_too_common`.
   * `field` names the password in the field error (`password`, `newPassword`…).
   */
  check(password: string, field = 'password'): void {
    const length = this.lengthRule.safeParse(password);
    if (!length.success) {
      const issue = length.error.issues[0];
      const message = issue?.message ?? messages.passwordRequired;
      throw new Invalid(message, [{ field, code: issue?.code ?? 'invalid_input', message }]);
    }
    if (this.commonPasswords.has(commonPasswordKey(password))) {
      const message = messages.passwordTooCommon;
      throw new Invalid(
        message,
        [{ field, code: 'password_too_common', message }],
        'password_too_common',
      );
    }
  }
}
