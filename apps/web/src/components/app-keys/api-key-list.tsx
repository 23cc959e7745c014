import KeyIcon from '@mui/icons-material/Key';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@cadenza/contract/api-keys';
import { formatDateTime, formatTimeAgo } from '@/lib/format';

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const { name, createdAt, lastUsedAt } = apiKey;
  return (
    <ListItem
      sx={{
        gap: 2,
        py: 1.5,
        px: { xs: 1.5, sm: 2 },
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <KeyIcon aria-hidden sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <span title={formatDateTime(createdAt)}>Created {formatTimeAgo(createdAt)}</span>
          {' · '}
          {lastUsedAt ? (
            <span title={formatDateTime(lastUsedAt)}>Last used {formatTimeAgo(lastUsedAt)}</span>
          ) : (
            'Never used'
          )}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        color="error"
        size="small"
        aria-label={`Revoke ${name}`}
        onClick={() => onRevoke(apiKey)}
      >
        Revoke
      </Button>
    </ListItem>
  );
}

/** The listener's keys, oldest first, each with when it was made and last used. */
export function ApiKeyList({
  keys,
  onRevoke,
}: {
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => void;
}) {
  return (
    <List
      aria-label="Your app keys"
      disablePadding
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3 }}
    >
      {keys.map((apiKey) => (
        <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={onRevoke} />
      ))}
    </List>
  );
}
