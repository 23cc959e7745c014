import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId, type ReactNode } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';

/** A checkbox bound to the surrounding react-hook-form; its error clears when it is toggled. */
export function FormCheckbox<T extends FieldValues>({
  name,
  label,
}: {
  name: Path<T>;
  label: ReactNode;
}) {
  const errorId = useId();
  const { control, clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;

  return (
    <Box>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => {
              field.onChange(event.target.checked);
              if (fieldState.error) clearErrors(name);
            }}
            onBlur={field.onBlur}
            slotProps={{
              input: {
                ref: field.ref,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? errorId : undefined,
              },
            }}
            sx={error ? { color: 'error.main' } : undefined}
          />
        }
      />
      {error && (
        <FormHelperText id={errorId} error sx={{ mt: -0.5, ml: 4 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
