import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { QuestionFieldset } from './question-fieldset';

/** A required single-choice question bound to the form; its error clears on a choice. */
export function ChoiceQuestion<T extends FieldValues>({
  name,
  label,
  options,
}: {
  name: Path<T>;
  label: string;
  options: readonly { readonly value: string; readonly label: string }[];
}) {
  const labelId = useId();
  const errorId = useId();
  const { control, clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;

  return (
    <QuestionFieldset label={label} labelId={labelId} error={error} errorId={errorId}>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => {
          field.onChange(event.target.value);
          if (fieldState.error) clearErrors(name);
        }}
        row
        sx={{ gap: 1 }}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            label={option.label}
            control={
              <Radio
                onBlur={field.onBlur}
                slotProps={{ input: index === 0 ? { ref: field.ref } : {} }}
              />
            }
            sx={{
              m: 0,
              pr: 2,
              whiteSpace: 'nowrap',
              border: 1,
              borderColor: field.value === option.value ? 'primary.main' : 'divider',
              bgcolor: field.value === option.value ? 'action.selected' : 'transparent',
              borderRadius: 3,
              transition: 'border-color 150ms, background-color 150ms',
            }}
          />
        ))}
      </RadioGroup>
    </QuestionFieldset>
  );
}
