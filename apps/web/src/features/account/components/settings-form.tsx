import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FormEvent, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';

/**
 * The form of a settings card: the error that belongs to no field above it, the fields in one
 * column, and the submit button below them.
 */
export function SettingsForm<T extends FieldValues>({
  form,
  label,
  onSubmit,
  submitLabel,
  submitting,
  children,
}: {
  form: UseFormReturn<T>;
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}) {
  const rootError = form.formState.errors.root?.message;
  return (
    <>
      {rootError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {rootError}
        </Alert>
      )}
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          aria-label={label}
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
        >
          {children}
          <Box>
            <Button type="submit" variant="contained" loading={submitting}>
              {submitLabel}
            </Button>
          </Box>
        </Box>
      </FormProvider>
    </>
  );
}
