import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { capitalize } from '@/lib/format';
import { useQuickStats } from '@/api/stats/get-quick-stats';
import { useCountUp } from '../hooks/use-count-up';
import { SectionHeading } from './section-heading';

const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

export function formatJoined(createdAt: string): string {
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? '' : `Joined ${dateFormat.format(time)}`;
}

function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  const shown = useCountUp(value);
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2.5, md: 3.5 },
        borderRadius: 2,
        height: '100%',
        display: 'flex',
        gap: 2.5,
        alignItems: 'center',
      }}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          width: 56,
          height: 56,
          flexShrink: 0,
          borderRadius: 3,
          display: 'grid',
          placeItems: 'center',
          color: '#12091f',
          background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
        })}
      >
        {icon}
      </Box>
      <Box>
        <Typography
          component="p"
          sx={{
            fontSize: { xs: '2rem', md: '2.5rem' },
            fontWeight: 800,
            lineHeight: 1.1,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {`${numberFormat.format(shown)}+`}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{label}</Typography>
      </Box>
    </Paper>
  );
}

function ListCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 2, height: '100%' }}
    >
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function CommunitySection() {
  const { data, isPending } = useQuickStats();
  const stats = data?.stats ?? { users: 0, songs: 0 };
  const genres = data?.popularGenres ?? [];
  const members = data?.recentUsers ?? [];
  const topCount = Math.max(1, ...genres.map((genre) => genre.count));

  return (
    <Box component="section" aria-labelledby="community-heading" sx={{ py: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <SectionHeading
          id="community-heading"
          title="Join our growing community"
          subtitle="Real listeners, real music: the numbers behind Cadenza right now."
        />
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <StatCard icon={<PeopleAltIcon />} label="Active Users" value={stats.users} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <StatCard icon={<LibraryMusicIcon />} label="Songs Available" value={stats.songs} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ListCard title="Popular Genres">
              {isPending ? (
                <Skeleton variant="rounded" height={160} />
              ) : genres.length === 0 ? (
                <Typography sx={{ color: 'text.secondary' }}>No genres yet</Typography>
              ) : (
                <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {genres.map((genre) => (
                    <li key={genre._id}>
                      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
                        <Typography sx={{ fontWeight: 600 }}>{capitalize(genre._id)}</Typography>
                        <Typography sx={{ color: 'text.secondary' }}>
                          {genre.count} {genre.count === 1 ? 'song' : 'songs'}
                        </Typography>
                      </Box>
                      <LinearProgress
                        variant="determinate"
                        value={(genre.count / topCount) * 100}
                        aria-hidden
                        sx={{ height: 6, borderRadius: 3 }}
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </ListCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ListCard title="Newest Members">
              {isPending ? (
                <Skeleton variant="rounded" height={160} />
              ) : members.length === 0 ? (
                <Typography sx={{ color: 'text.secondary' }}>No members yet</Typography>
              ) : (
                <Stack component="ul" spacing={1.75} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {members.map((member, index) => (
                    <Box
                      component="li"
                      key={`${member.name}-${member.createdAt}-${index}`}
                      sx={{ display: 'flex', alignItems: 'center', gap: 1.75 }}
                    >
                      <Avatar
                        aria-hidden
                        sx={{
                          bgcolor: index % 2 ? 'secondary.main' : 'primary.main',
                          fontWeight: 700,
                        }}
                      >
                        {member.name.trim().charAt(0).toUpperCase() || '?'}
                      </Avatar>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600 }} noWrap>
                          {member.name}
                        </Typography>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {formatJoined(member.createdAt)}
                        </Typography>
                      </Box>
                    </Box>
                  ))}
                </Stack>
              )}
            </ListCard>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
