import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { usePlaylists } from '@/api/playlists/get-playlists';
import { useAuthStore } from '@/lib/auth-store';
import { CoverImage } from '../cover-image';
import { SidebarLink } from './sidebar-link';

/** The listener's own playlists under "Your Library", each a link to its page. */
export function SidebarPlaylists() {
  const userId = useAuthStore((state) => state.user?._id);
  const playlists = usePlaylists();
  const own = useMemo(
    () => (playlists.data ?? []).filter((playlist) => playlist.owner._id === userId),
    [playlists.data, userId],
  );

  return (
    <Box>
      <Typography
        id="sidebar-playlists-heading"
        component="div"
        sx={{
          px: 1.5,
          pt: 2,
          pb: 0.5,
          fontSize: '0.75rem',
          fontWeight: 700,
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          color: 'text.secondary',
        }}
      >
        Your playlists
      </Typography>
      {playlists.isSuccess && own.length === 0 ? (
        <Typography variant="body2" sx={{ px: 1.5, py: 1, color: 'text.secondary' }}>
          No playlists yet
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby="sidebar-playlists-heading">
          {own.map((playlist) => (
            <ListItem key={playlist._id} disablePadding>
              <SidebarLink to={`/playlist/${playlist._id}`}>
                <Box
                  sx={{ width: 32, height: 32, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}
                >
                  <CoverImage
                    src={playlist.coverMosaic[0] ?? playlist.coverImage}
                    alt=""
                    fallback="playlist"
                    size={96}
                  />
                </Box>
                <Box
                  component="span"
                  sx={{
                    minWidth: 0,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {playlist.name}
                </Box>
                {playlist.isSmart && (
                  <AutoAwesomeIcon
                    titleAccess="Smart playlist"
                    sx={{ fontSize: 16, flexShrink: 0, color: 'text.secondary' }}
                  />
                )}
              </SidebarLink>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
