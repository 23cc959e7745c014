import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Share } from '@cadenza/contract/shares';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { shareKeys } from '@/api/query-keys';
import { getMyShares, revokeShare } from '@/api/shares/shares';
import { LoadError } from '@/components/load-error';
import { useCopyShareLink } from '@/components/share-dialog';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { formatTimeAgo } from '@/lib/format';
import { SettingsCard } from './settings-card';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function shareFacts(share: Share, now: number): string {
  const facts = [plural(share.viewCount, 'view'), plural(share.playCount, 'play')];
  if (share.lastViewedAt) facts.push(`last opened ${formatTimeAgo(share.lastViewedAt)}`);
  if (share.expiresAt) {
    const expiry = new Date(share.expiresAt);
    facts.push(expiry.getTime() <= now ? 'expired' : `until ${expiry.toLocaleDateString()}`);
  }
  return facts.join(' · ');
}

/** The listener's public links: what each shares, how often it was opened and played; Revoke. */
export function SharesSection() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const copy = useCopyShareLink();
  const shares = useQuery({
    queryKey: shareKeys.mine(),
    queryFn: ({ signal }) => getMyShares(signal),
  });
  const revoke = useMutation({
    mutationFn: (share: Share) => revokeShare(share._id),
    onSuccess: (_answer, share) => {
      toast.success(`The link to ${share.title} no longer works`);
      return queryClient.invalidateQueries({ queryKey: shareKeys.mine() });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to revoke the link')),
  });
  // When the page opened: expiries are told against it.
  const [now] = useState(() => Date.now());

  return (
    <SettingsCard
      title="Shared links"
      description="Anyone with one of these links can listen without an account. Revoke a link and it stops working at once."
    >
      {shares.isPending ? (
        <Box aria-label="Loading your shared links" role="status">
          <Skeleton height={56} />
        </Box>
      ) : shares.isError ? (
        <LoadError
          message="Could not load your shared links."
          onRetry={() => shares.refetch()}
          retrying={shares.isFetching}
        />
      ) : shares.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          You have not shared anything yet. Choose Share in a song’s, album’s or playlist’s menu.
        </Typography>
      ) : (
        <List aria-label="Your shared links" disablePadding>
          {shares.data.map((share) => (
            <ListItem key={share._id} divider sx={{ px: 0, gap: 2, flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography component="h3" sx={{ fontWeight: 600 }} noWrap>
                  {share.title}
                </Typography>
                {share.description && (
                  <Typography variant="body2" noWrap>
                    {share.description}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {shareFacts(share, now)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  startIcon={<ContentCopyIcon />}
                  aria-label={`Copy the link to ${share.title}`}
                  onClick={() => copy(share)}
                >
                  Copy link
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  disabled={revoke.isPending}
                  aria-label={`Revoke the link to ${share.title}`}
                  onClick={() => revoke.mutate(share)}
                >
                  Revoke
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </SettingsCard>
  );
}
