import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { createPlaylistFormSchema, type CreatePlaylistForm } from '@cadenza/contract/playlists';
import {
  DEFAULT_SMART_SORT,
  MAX_SMART_NODES,
  type SmartCriteriaInput,
  type SmartPlaylist,
} from '@cadenza/contract/smart-playlists';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSmartPlaylist } from '@/api/smart-playlists/get-smart-playlist';
import { useSmartPreview } from '@/api/smart-playlists/preview-smart-playlist';
import { useSaveSmartPlaylist } from '@/api/smart-playlists/save-smart-playlist';
import { PlaylistDetailsFields } from '@/components/playlist-details-fields';
import { PlaylistPublicSwitch } from '@/components/playlist-public-switch';
import { StatusPage } from '@/components/status-page';
import { useToast } from '@/components/toast-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { MatchPreview, ruleProblemsOf, type PreviewState } from './components/match-preview';
import { RuleGroupEditor, type TreeEditing } from './components/rule-group-editor';
import { SortLimitFields, type DraftOrder } from './components/sort-limit-fields';
import {
  countNodes,
  draftOf,
  isComplete,
  newGroup,
  removeNode,
  rulesOf,
  updateNode,
  type DraftGroup,
} from './rule-tree';
import { useDebouncedValue } from './use-debounced-value';

/** How long the rules must rest before the preview counts again. */
const PREVIEW_DELAY_MS = 350;

/**
 * /smart-playlists/new and /smart-playlists/:id/edit: a smart playlist's name, description and
 * visibility, its rules in nested all/any groups, their order and limit, with a live count of the
 * songs they choose.
 */
export function SmartPlaylistEditorPage() {
  const { id } = useParams();
  return id ? <EditSmartPlaylist id={id} /> : <SmartPlaylistEditor playlist={null} />;
}

function EditSmartPlaylist({ id }: { id: string }) {
  const smart = useSmartPlaylist(id);
  const userId = useAuthStore((state) => state.user?._id ?? null);
  if (smart.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label="Loading smart playlist" />
      </Box>
    );
  }
  if (smart.isError) {
    if (smart.error instanceof ApiError && smart.error.status === 404) {
      return (
        <StatusPage
          icon={<SearchOffIcon />}
          title="Smart playlist not found"
          description="This smart playlist doesn't exist, or it isn't yours."
        >
          <title>Smart playlist not found · Cadenza</title>
        </StatusPage>
      );
    }
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void smart.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(smart.error, 'Failed to open the smart playlist')}
        </Alert>
      </Container>
    );
  }
  if (smart.data.owner._id !== userId) {
    return (
      <StatusPage
        icon={<LockOutlinedIcon />}
        title="Not your smart playlist"
        description="Only its owner changes a smart playlist's rules."
      >
        <title>Not your smart playlist · Cadenza</title>
      </StatusPage>
    );
  }
  return <SmartPlaylistEditor key={id} playlist={smart.data} />;
}

function limitOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

function SmartPlaylistEditor({ playlist }: { playlist: SmartPlaylist | null }) {
  const toast = useToast();
  const navigate = useNavigate();
  const save = useSaveSmartPlaylist(playlist?._id ?? null);
  const form = useForm<CreatePlaylistForm>({
    resolver: zodResolver(createPlaylistFormSchema),
    defaultValues: {
      name: playlist?.name ?? '',
      description: playlist?.description ?? '',
      isPublic: playlist?.isPublic ?? false,
    },
  });
  const [root, setRoot] = useState<DraftGroup>(() =>
    playlist ? draftOf(playlist.rules) : newGroup('all'),
  );
  const [order, setOrder] = useState<DraftOrder>(() => {
    const sort = playlist?.sort ?? DEFAULT_SMART_SORT;
    return { ...sort, limit: playlist?.limit ? String(playlist.limit) : '' };
  });

  const criteria = useMemo(
    () => ({
      rules: rulesOf(root),
      sort: { field: order.field, order: order.order },
      limit: limitOf(order.limit),
    }),
    [root, order],
  );
  const complete = isComplete(root);
  const settled = useDebouncedValue<SmartCriteriaInput | null>(
    complete ? criteria : null,
    PREVIEW_DELAY_MS,
  );
  const preview = useSmartPreview(complete ? settled : null);
  const previewState: PreviewState = !complete
    ? { kind: 'incomplete' }
    : preview.isError
      ? { kind: 'failed', error: preview.error }
      : preview.data
        ? {
            kind: 'ready',
            preview: preview.data,
            stale:
              preview.isPlaceholderData || JSON.stringify(settled) !== JSON.stringify(criteria),
          }
        : { kind: 'counting' };

  const [focusId, setFocusId] = useState<string | null>(null);
  const editing: TreeEditing = {
    update: (id, change) => setRoot((current) => updateNode(current, id, change)),
    remove: (id) => setRoot((current) => removeNode(current, id)),
    room: MAX_SMART_NODES - countNodes(root),
    focusId,
    focusOn: setFocusId,
  };

  const backTo = playlist ? `/playlist/${encodeURIComponent(playlist._id)}` : '/library/playlists';
  const title = playlist ? 'Edit smart playlist' : 'New smart playlist';

  const onSubmit = form.handleSubmit((details) => {
    save.mutate(
      { ...details, rules: rulesOf(root), sort: criteria.sort, limit: criteria.limit },
      {
        onSuccess: (saved) => {
          toast.success(playlist ? 'Smart playlist saved' : 'Smart playlist created');
          void navigate(`/playlist/${encodeURIComponent(saved._id)}`);
        },
      },
    );
  });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <title>{`${title} · Cadenza`}</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        {title}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label={title}
        onSubmit={(event) => void onSubmit(event)}
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(16rem, 1fr)' },
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Stack spacing={2.5}>
            <PlaylistDetailsFields
              name={form.register('name')}
              description={form.register('description')}
              errors={form.formState.errors}
              descriptionLabel="Description (Optional)"
              autoFocus={!playlist}
            />
            <PlaylistPublicSwitch control={form.control} />
          </Stack>
          <Box component="section" aria-labelledby="smart-rules-heading">
            <Typography id="smart-rules-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Rules
            </Typography>
            <RuleGroupEditor group={root} name="Rules" path="" depth={1} editing={editing} />
          </Box>
          <Box component="section" aria-labelledby="smart-order-heading">
            <Typography id="smart-order-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Order and limit
            </Typography>
            <SortLimitFields value={order} onChange={setOrder} />
          </Box>
        </Stack>
        <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <MatchPreview state={previewState} />
          </Paper>
          {save.isError && (
            <Alert severity="error">
              {ruleProblemsOf(save.error).map((problem) => (
                <Box key={problem}>{problem}</Box>
              ))}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={backTo} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {playlist ? 'Save changes' : 'Create smart playlist'}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Container>
  );
}
