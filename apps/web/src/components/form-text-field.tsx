import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useId } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & { name: Path<T> };

/**
 * A MUI text field bound to the surrounding react-hook-form. Forms validate on submit; editing
 * a field clears only that field's error (docs/product.md §5).
 */
export function FormTextField<T extends FieldValues>({
  name,
  id,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const generatedId = useId();
  const { control, clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });

  return (
    <TextField
      {...props}
      id={id ?? generatedId}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event);
        if (fieldState.error) clearErrors(name);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
