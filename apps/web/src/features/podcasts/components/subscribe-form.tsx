import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { subscribeToPodcast } from '@/api/podcasts/podcasts';
import { podcastKeys } from '@/api/query-keys';
import { InlineAddForm } from '@/components/inline-add-form';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';

/** An administrator's "Add podcast": the feed is read at once, or refused with the reason. */
export function SubscribeForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const subscribe = useMutation({
    mutationFn: () => subscribeToPodcast({ url: url.trim() }),
    onSuccess: async (podcast) => {
      setUrl('');
      setProblem(null);
      toast.success(`Subscribed to ${podcast.title}`);
      await queryClient.invalidateQueries({ queryKey: podcastKeys.list() });
    },
    onError: (error) => setProblem(errorMessage(error, 'The podcast could not be added')),
  });

  return (
    <InlineAddForm
      label="Add a podcast"
      submitLabel="Add podcast"
      pendingLabel="Reading the feed…"
      pending={subscribe.isPending}
      complete={url.trim() !== ''}
      onSubmit={() => subscribe.mutate()}
    >
      <TextField
        size="small"
        label="Feed URL"
        placeholder="https://example.com/podcast.rss"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={problem !== null}
        helperText={problem ?? 'The RSS address of a podcast'}
        sx={{ flex: { sm: '1 1 320px' }, maxWidth: { sm: 560 } }}
      />
    </InlineAddForm>
  );
}
