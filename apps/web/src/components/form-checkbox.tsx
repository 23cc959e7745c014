import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { FieldValues } from 'react-hook-form';
import { useFormCheckboxField, type FormCheckboxProps } from './form-checkbox-field';

/** A checkbox bound to the surrounding react-hook-form; its error clears when it is toggled. */
export function FormCheckbox<T extends FieldValues>({ name, label }: FormCheckboxProps<T>) {
  const { field, error, errorId, toggle } = useFormCheckboxField<T>(name);

  return (
    <Box>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => toggle(event.target.checked)}
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
