import type { FormEvent, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { preloadAuthValidation } from '../auth-form-resolver';

/**
 * The form of an auth screen: the browser's own validation off (the resolver speaks instead),
 * and the validation code loaded as soon as a field takes focus.
 */
export function AuthForm<T extends FieldValues>({
  form,
  label,
  onSubmit,
  children,
}: {
  form: UseFormReturn<T>;
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onFocus={preloadAuthValidation}
        aria-label={label}
      >
        {children}
      </form>
    </FormProvider>
  );
}
