import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** An auth form's one full-width submit button, spinning while the request is out. */
export function AuthSubmitButton({
  loading,
  spaceAbove,
  children,
}: {
  loading: boolean;
  /** Theme spacing above the button: less where a checkbox row already sits above it. */
  spaceAbove: 2 | 3;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      loading={loading}
      sx={{ mt: spaceAbove }}
    >
      {children}
    </Button>
  );
}

/** The line under an auth form that leads to the neighbouring screen (log in, sign up…). */
export function AuthFormFooter({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mt: 3 }}>
      {children}
    </Typography>
  );
}
