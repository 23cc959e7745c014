import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** Home > {current}: the trail at the top of a page; the current page is not a link. */
export function PageBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs
      aria-label="Breadcrumb"
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{ mb: 3, color: 'text.secondary' }}
    >
      <Link href="/" color="inherit" underline="hover">
        Home
      </Link>
      <Typography aria-current="page" sx={{ color: 'text.primary' }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
