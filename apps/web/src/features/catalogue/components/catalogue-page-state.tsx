import SearchOffIcon from '@mui/icons-material/SearchOff';
import { LoadError } from '@/components/load-error';
import { StatusPage } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';

/** An id the server does not know (404) or cannot be an id (400): the page does not exist. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** What an album or artist page shows when it could not load: a 404 page, or a way to retry. */
export function CatalogueLoadFailure({
  error,
  what,
  onRetry,
  retrying,
}: {
  error: unknown;
  /** "Album", "Artist". */
  what: string;
  onRetry: () => unknown;
  retrying: boolean;
}) {
  if (isMissing(error))
    return (
      <StatusPage
        icon={<SearchOffIcon />}
        title={`${what} Not Found`}
        description={`This ${what.toLowerCase()} doesn't exist or has been removed from the library.`}
      >
        <title>{`${what} Not Found · Cadenza`}</title>
      </StatusPage>
    );
  return (
    <LoadError
      message={`Couldn't load this ${what.toLowerCase()}.`}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
