import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PlainFormCheckbox } from './plain-form-checkbox';
import { PlainFormTextField } from './plain-form-text-field';

interface Values {
  email: string;
  agree: boolean;
}

function Form() {
  const form = useForm<Values>({
    defaultValues: { email: '', agree: false },
    reValidateMode: 'onSubmit',
    resolver: (values) => {
      const errors = {
        ...(values.email ? {} : { email: { type: 'required', message: 'Email is required' } }),
        ...(values.agree ? {} : { agree: { type: 'required', message: 'Please agree' } }),
      };
      return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
    },
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(() => undefined)(event)}>
        <PlainFormTextField<Values> name="email" label="Email" type="email" />
        <PlainFormCheckbox<Values> name="agree" label="I agree" />
        <button type="submit">Send</button>
      </form>
    </FormProvider>
  );
}

describe('plain form controls', () => {
  it('tie each error to its control and clear it when that control is edited', async () => {
    render(<Form />);
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    const agree = screen.getByRole('checkbox', { name: 'I agree' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(agree).toHaveAttribute('aria-invalid', 'true');
    expect(agree).toHaveAccessibleDescription('Please agree');

    await user.type(email, 'a');
    expect(email).toHaveValue('a');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(agree).toHaveAccessibleDescription('Please agree');

    await user.click(screen.getByText('I agree'));
    expect(agree).toBeChecked();
    expect(screen.queryByText('Please agree')).not.toBeInTheDocument();
  });
});
