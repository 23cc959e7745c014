import BlockIcon from '@mui/icons-material/Block';
import { StatusPage } from '@/components/status-page';

export function UnauthorizedPage() {
  return (
    <StatusPage
      icon={<BlockIcon />}
      title="Access Denied"
      description="You don't have permission to access this page"
    >
      <title>Access Denied · Cadenza</title>
    </StatusPage>
  );
}
