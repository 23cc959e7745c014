import { useId, type ReactNode } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';

/** What a checkbox bound to the surrounding react-hook-form is given. */
export interface FormCheckboxProps<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
}

/**
 * A checkbox field of the surrounding react-hook-form: its field, its error message and the id
 * the message is shown under; `toggle` sets the value and clears the error.
 */
export function useFormCheckboxField<T extends FieldValues>(name: Path<T>) {
  const errorId = useId();
  const { control, clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const toggle = (checked: boolean) => {
    field.onChange(checked);
    if (fieldState.error) clearErrors(name);
  };
  return { field, error: fieldState.error?.message, errorId, toggle };
}
