import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CollectionTitle } from '@/components/collection-title';
import { CoverImage } from '@/components/cover-image';

/** The top of an album or artist page: big picture, kind, title, facts and the play buttons. */
export function CollectionHeader({
  kind,
  title,
  imageUrl,
  round = false,
  facts,
  actions,
}: {
  kind: string;
  title: string;
  imageUrl: string;
  round?: boolean;
  facts: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Box component="header">
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'center', sm: 'flex-end' },
          gap: { xs: 2, sm: 3 },
          textAlign: { xs: 'center', sm: 'left' },
        }}
      >
        <Box
          sx={{
            width: { xs: 200, sm: 192, md: 232 },
            flexShrink: 0,
            borderRadius: round ? '50%' : 1,
            overflow: 'hidden',
            boxShadow: 12,
          }}
        >
          <CoverImage src={imageUrl} alt="" fallback="cover" size={600} priority />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 2 }}>
            {kind}
          </Typography>
          <CollectionTitle
            sx={{
              fontSize: { xs: '1.75rem', sm: '2.5rem', md: '3.25rem' },
              mb: 1.5,
              overflowWrap: 'anywhere',
            }}
          >
            {title}
          </CollectionTitle>
          <Typography
            component="div"
            variant="body2"
            sx={{ color: 'text.secondary', '& a': { color: 'text.primary', fontWeight: 700 } }}
          >
            {facts}
          </Typography>
        </Box>
      </Box>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', justifyContent: { xs: 'center', sm: 'flex-start' }, my: 3 }}
      >
        {actions}
      </Stack>
    </Box>
  );
}

/** The header's shape while the page loads. */
export function CollectionHeaderSkeleton({ round = false }: { round?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'center', sm: 'flex-end' },
        gap: 3,
        mb: 4,
      }}
    >
      <Skeleton
        variant={round ? 'circular' : 'rounded'}
        sx={{ width: { xs: 200, sm: 192, md: 232 }, height: { xs: 200, sm: 192, md: 232 } }}
      />
      <Box sx={{ flex: 1, width: '100%', maxWidth: 480 }}>
        <Skeleton variant="text" width={60} />
        <Skeleton variant="text" sx={{ fontSize: '3rem' }} />
        <Skeleton variant="text" width="60%" />
      </Box>
    </Box>
  );
}
