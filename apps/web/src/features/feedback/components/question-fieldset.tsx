import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { ReactNode } from 'react';

/**
 * A required question of the feedback form: the question as the fieldset's legend (`labelId`
 * names it for the answer control), the answer control, and its error under it (`errorId`).
 */
export function QuestionFieldset({
  label,
  labelId,
  error,
  errorId,
  children,
}: {
  label: ReactNode;
  labelId: string;
  error: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <FormControl error={Boolean(error)} required component="fieldset" sx={{ width: '100%' }}>
      <FormLabel
        id={labelId}
        component="legend"
        sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}
      >
        {label}
      </FormLabel>
      {children}
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
