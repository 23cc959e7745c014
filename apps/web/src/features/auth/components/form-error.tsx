import { AuthAlert } from './auth-alert';

/** The submit failure of an auth form, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <AuthAlert severity="error">{message}</AuthAlert>;
}
