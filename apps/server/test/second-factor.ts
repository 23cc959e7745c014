import { expect } from 'vitest';
import { stepAt, totpCode } from '../src/modules/second-factor/totp';
import type { CreatedUser } from './factories';
import type { TestApp } from './test-app';

export interface EnrolledSecondFactor {
  readonly secret: string;
  readonly recoveryCodes: string[];
  /** A code for `offset` steps from now (0: now, already used by the enrolment). */
  code(offset: number): string;
}

/** Turns two-factor sign-in on for `user` through the API, as the settings page does. */
export async function enableSecondFactor(
  t: TestApp,
  user: CreatedUser,
): Promise<EnrolledSecondFactor> {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/user/two-factor/setup',
    headers: user.headers,
  });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const code = (offset: number) => totpCode(secret, stepAt(Date.now()) + offset);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/user/two-factor/confirm',
    headers: user.headers,
    payload: { code: code(0) },
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json().data.recoveryCodes as string[], code };
}
