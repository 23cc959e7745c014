import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { MenuAction } from './action-menu';
import { ContextMenu } from './context-menu/context-menu';
import { contextMenuTargetSx, useContextMenu } from './context-menu/use-context-menu';
import { CoverImage } from './cover-image';
import { CoverPlayButton, revealCoverPlay } from './cover-play-button';
import { SongMenu } from './song-menu';

/**
 * A card of the catalogue (album, artist): the title links to its page and the whole card is
 * the link's target; a play button shows on the cover on hover (always on touch screens). With
 * `menuActions`, a "…" menu, which a right-click or a long-press on the card opens too.
 */
export function MediaCard({
  title,
  href,
  imageUrl,
  round = false,
  subtitle,
  play,
  menuActions = [],
}: {
  title: string;
  href: string;
  imageUrl: string;
  /** A round picture: an artist. */
  round?: boolean;
  subtitle: ReactNode;
  play?: { label: string; playing: boolean; onClick: () => void };
  menuActions?: readonly MenuAction[];
}) {
  const contextMenu = useContextMenu();
  const hasMenu = menuActions.length > 0;
  return (
    <Card
      component="article"
      aria-label={title}
      elevation={0}
      {...(hasMenu ? contextMenu.targetProps : {})}
      sx={{
        position: 'relative',
        height: '100%',
        p: 1.5,
        bgcolor: 'transparent',
        transition: 'background-color 160ms ease',
        '&:hover, &:focus-within': { bgcolor: (theme) => alpha(theme.palette.common.white, 0.07) },
        ...revealCoverPlay,
        ...(hasMenu ? contextMenuTargetSx : {}),
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
        sx={{ fontWeight: 700, fontSize: '0.95rem', lineHeight: 1.4, pr: hasMenu ? 3.5 : 0 }}
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
      {hasMenu && (
        <Box sx={{ position: 'absolute', right: 4, bottom: 20, zIndex: 1 }}>
          <SongMenu title={title} actions={menuActions} horizontal />
        </Box>
      )}
      <ContextMenu menu={contextMenu} actions={menuActions} />
    </Card>
  );
}
