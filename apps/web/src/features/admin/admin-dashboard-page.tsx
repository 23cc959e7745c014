import { UnderDevelopmentPage } from '@/components/under-development-page';

/** Loaded on demand (React.lazy in the router) so admin code stays out of the main bundle. */
export function AdminDashboardPage() {
  return <UnderDevelopmentPage />;
}
