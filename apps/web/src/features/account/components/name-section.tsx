import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { changeNameBodySchema, type ChangeNameBody } from '@cadenza/contract/account';
import { FormProvider, useForm } from 'react-hook-form';
import { useChangeName } from '@/api/account/change-name';
import { FormTextField } from '@/components/form-text-field';
import { useToast } from '@/components/toast-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { SettingsCard } from './settings-card';

/** The account's name, as others see it. */
export function NameSection({ name }: { name: string }) {
  const toast = useToast();
  const changeName = useChangeName();
  const form = useForm<ChangeNameBody>({
    resolver: zodResolver(changeNameBodySchema),
    values: { name },
  });

  const onSubmit = form.handleSubmit((values) => {
    changeName.mutate(values, {
      onSuccess: () => toast.success('Your name has been saved.'),
      onError: (error) => {
        const field = error instanceof ApiError && error.errors.find((e) => e.field === 'name');
        if (field) form.setError('name', { message: field.message });
        else toast.error(errorMessage(error, 'Failed to save your name'));
      },
    });
  });

  return (
    <SettingsCard title="Name">
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          aria-label="Name"
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <FormTextField<ChangeNameBody>
            name="name"
            label="Name"
            autoComplete="name"
            sx={{ flex: 1, minWidth: 240, maxWidth: 480 }}
          />
          <Button type="submit" variant="contained" loading={changeName.isPending} sx={{ mt: 1 }}>
            Save name
          </Button>
        </Box>
      </FormProvider>
    </SettingsCard>
  );
}
