import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { CoverImage } from './cover-image';
import { CoverPlayButton, revealCoverPlay } from './cover-play-button';

/**
 * A card of the catalogue (album, artist): the title links to its page and the whole card is
 * the link's target; a play button shows on the cover on hover (always on touch screens).
 */
export function MediaCard({
  title,
  href,
  imageUrl,
  round = false,
  subtitle,
  play,
}: {
  title: string;
  href: string;
  imageUrl: string;
  /** A round picture: an artist. */
  round?: boolean;
  subtitle: ReactNode;
  play?: { label: string; playing: boolean; onClick: () => void };
}) {
  return (
    <Card
      component="article"
      aria-label={title}
      elevation={0}
      sx={{
        position: 'relative',
        height: '100%',
        p: 1.5,
        bgcolor: 'transparent',
        transition: 'background-color 160ms ease',
        '&:hover, &:focus-within': { bgcolor: (theme) => alpha(theme.palette.common.white, 0.07) },
        ...revealCoverPlay,
      }}
    >
      <Box sx={{ position: 'relative', mb: 1.5 }}>
        <Box sx={{ borderRadius: round ? '50%' : 1, overflow: 'hidden', boxShadow: 6 }}>
          <CoverImage src={imageUrl} alt="" fallback="cover" size={300} />
        </Box>
        {play && (
          <CoverPlayButton
            label={play.label}
            pause={play.playing}
            shown={play.playing}
            onClick={play.onClick}
          />
        )}
      </Box>
      <Typography
        component="h3"
        noWrap
        title={title}
        sx={{ fontWeight: 700, fontSize: '0.95rem', lineHeight: 1.4 }}
      >
        <Link
          href={href}
          color="inherit"
          underline="none"
          sx={{
            // The whole card opens the page.
            '&::after': { content: '""', position: 'absolute', inset: 0 },
            '&:focus-visible': { outline: 'none' },
            '&:focus-visible::after': {
              outline: 2,
              outlineColor: 'primary.main',
              outlineOffset: -2,
              borderRadius: 1,
            },
          }}
        >
          {title}
        </Link>
      </Typography>
      <Typography
        variant="body2"
        noWrap
        component="div"
        sx={{
          color: 'text.secondary',
          mt: 0.25,
          position: 'relative',
          zIndex: 1,
          width: 'fit-content',
          maxWidth: '100%',
        }}
      >
        {subtitle}
      </Typography>
    </Card>
  );
}
