import type { SessionResponse } from '@cadenza/contract/auth';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { PlainFormTextField } from '@/components/plain-form-text-field';
import { errorMessage } from '@/lib/api-client';
import { useSecondFactorLogin } from '@/api/auth/second-factor-login';
import styles from '../auth-form.module.css';
import { AuthSubmitButton } from './auth-form-actions';
import { FormError } from './form-error';

interface CodeForm {
  code: string;
}

export const CODE_REQUIRED = 'Please enter the code';
const CODE_FAILED = 'That code did not work. Please try again.';

const resolver: Resolver<CodeForm> = (values) => {
  if (values.code.trim()) return Promise.resolve({ values, errors: {} });
  return Promise.resolve({
    values: {},
    errors: { code: { type: 'required', message: CODE_REQUIRED } },
  });
};

/** The login's second step: the authenticator app's code, or one of the recovery codes. */
export function SecondFactorStep({
  challenge,
  remember,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  remember: boolean;
  onSignedIn: (session: SessionResponse) => void;
  onBack: () => void;
}) {
  const verify = useSecondFactorLogin(remember);
  const form = useForm<CodeForm>({
    resolver,
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const handleSubmit = form.handleSubmit(({ code }) => {
    verify.mutate({ challenge, code: code.trim() }, { onSuccess: onSignedIn });
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        aria-label="Two-factor sign-in"
      >
        <FormError message={verify.isError ? errorMessage(verify.error, CODE_FAILED) : null} />
        <p className="cz-body2 cz-secondary-text">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
        <div className={styles.fields}>
          <PlainFormTextField<CodeForm>
            name="code"
            label="Authentication code"
            autoComplete="one-time-code"
          />
        </div>
        <AuthSubmitButton loading={verify.isPending} spaceAbove={3}>
          Verify
        </AuthSubmitButton>
        <div className={styles.options}>
          <button type="button" className="cz-link cz-body2" onClick={onBack}>
            Back to log in
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
