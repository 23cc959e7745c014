import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

export const PRODUCT_NAME = 'Cadenza';

export function Brand({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      href="/"
      underline="none"
      color="inherit"
      onClick={onClick}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 34,
          height: 34,
          borderRadius: 2.5,
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
          color: '#12091f',
        }}
      >
        <GraphicEqIcon fontSize="small" />
      </Box>
      <Box component="span" sx={{ fontWeight: 800, fontSize: '1.25rem', letterSpacing: '-0.02em' }}>
        {PRODUCT_NAME}
      </Box>
    </Link>
  );
}
