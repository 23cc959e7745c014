import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { StatusPage } from './status-page';

/** Shown when a screen throws while rendering or its code fails to load. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusPage
      icon={<ErrorOutlineIcon />}
      title="Something went wrong"
      description="This page could not be displayed. Please reload or try again later."
    />
  );
}
