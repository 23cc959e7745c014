import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { confirmEmailChange } from '@/api/account/change-email';
import { accountKeys } from '@/api/query-keys';
import { errorMessage } from '@/lib/api-client';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';

/**
 * /account/confirm-email/:token, the link mailed to a new address: confirms the change once
 * (a query, so that rendering twice sends one request) and says how it went.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams<{ token: string }>();
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const confirmation = useQuery({
    queryKey: accountKeys.emailConfirmation(token),
    queryFn: () => confirmEmailChange({ token }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  return (
    <Container component="section" aria-label="Confirm e-mail" maxWidth="sm" sx={{ py: 6 }}>
      <title>Confirm your e-mail · Cadenza</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Confirm your e-mail
      </Typography>
      {confirmation.isPending ? (
        <CircularProgress aria-label="Confirming your new e-mail" />
      ) : confirmation.isError ? (
        <Alert severity="error">
          {errorMessage(confirmation.error, 'Your e-mail could not be changed. Please try again.')}
        </Alert>
      ) : (
        <Alert severity="success">{confirmation.data}</Alert>
      )}
      {!confirmation.isPending && (
        <Button component={Link} to={isLoggedIn ? '/account' : '/login'} sx={{ mt: 3 }}>
          {isLoggedIn ? 'Back to your account' : 'Log in'}
        </Button>
      )}
    </Container>
  );
}
