import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

/**
 * A one-line form above a list that adds to it (a podcast's feed, a radio station): its fields
 * side by side on wide screens, stacked on narrow ones, and the button that adds, disabled while
 * the fields are incomplete or the addition is under way.
 */
export function InlineAddForm({
  label,
  submitLabel,
  pendingLabel = submitLabel,
  pending,
  complete,
  wideFrom = 'sm',
  onSubmit,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  complete: boolean;
  /** From which width the fields sit on one line. */
  wideFrom?: 'sm' | 'md';
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !pending) onSubmit();
  };
  return (
    <Stack
      component="form"
      aria-label={label}
      direction={{ xs: 'column', [wideFrom]: 'row' }}
      spacing={1}
      onSubmit={submit}
      sx={{ alignItems: { [wideFrom]: 'flex-start' }, mb: 3 }}
    >
      {children}
      <Button
        type="submit"
        variant="contained"
        disabled={pending || !complete}
        sx={{ flexShrink: 0, height: 40 }}
      >
        {pending ? pendingLabel : submitLabel}
      </Button>
    </Stack>
  );
}
