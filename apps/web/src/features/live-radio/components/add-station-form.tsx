import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addStation } from '@/api/internet-radio/stations';
import { stationKeys } from '@/api/query-keys';
import { InlineAddForm } from '@/components/inline-add-form';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';

/** An administrator's "Add station": a name and the address of its stream. */
export function AddStationForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [streamUrl, setStreamUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addStation({ name: name.trim(), streamUrl: streamUrl.trim() }),
    onSuccess: async (station) => {
      setName('');
      setStreamUrl('');
      setProblem(null);
      toast.success(`Added ${station.name}`);
      await queryClient.invalidateQueries({ queryKey: stationKeys.all });
    },
    onError: (error) => setProblem(errorMessage(error, 'The station could not be added')),
  });

  return (
    <InlineAddForm
      label="Add a station"
      submitLabel="Add station"
      pending={add.isPending}
      complete={name.trim() !== '' && streamUrl.trim() !== ''}
      wideFrom="md"
      onSubmit={() => add.mutate()}
    >
      <TextField
        size="small"
        label="Station name"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        size="small"
        label="Stream URL"
        placeholder="https://radio.example.com/live.mp3"
        value={streamUrl}
        onChange={(event) => setStreamUrl(event.target.value)}
        error={problem !== null}
        helperText={problem ?? 'The address of the stream itself, not of a playlist'}
        sx={{ flex: { md: '1 1 320px' }, maxWidth: { md: 520 } }}
      />
    </InlineAddForm>
  );
}
