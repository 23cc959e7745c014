import SearchOffIcon from '@mui/icons-material/SearchOff';
import { StatusPage } from '@/components/status-page';

export function NotFoundPage() {
  return (
    <StatusPage
      icon={<SearchOffIcon />}
      title="Page Not Found"
      description="The page you are looking for doesn't exist or has been moved."
    >
      <title>Page Not Found · Cadenza</title>
    </StatusPage>
  );
}
