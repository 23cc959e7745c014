import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

beforeEach(() => {
  logIn();
});

const spotifyFile = () =>
  new File(
    [
      JSON.stringify([
        { ts: '2021-01-31T12:34:00Z', ms_played: 200000, master_metadata_track_name: 'A' },
      ]),
    ],
    'Streaming_History_Audio_2021.json',
    { type: 'application/json' },
  );

describe('bringing your history', () => {
  it('sends the file for the chosen service and shows the import’s progress to its end', async () => {
    store.history.nextOutcome = { total: 10, matched: 8, unmatched: 2, duplicates: 0, skipped: 3 };
    const { user } = renderApp('/user/history?tab=import');
    await user.click(await screen.findByRole('radio', { name: 'Last.fm' }));
    expect(screen.getByText(/a CSV of your scrobbles/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Spotify' }));
    expect(screen.getByText(/Streams shorter than 30 seconds are skipped/)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Spotify history file'), spotifyFile());

    expect(
      await screen.findByText(
        '5 of 10 listens processed: 4 matched, 1 unmatched, 0 already brought, 3 skipped',
      ),
    ).toBeInTheDocument();
    expect(store.history.files).toEqual([
      { source: 'spotify', name: 'Streaming_History_Audio_2021.json' },
    ]);
    expect(
      await screen.findByText('Your history is here.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '10 of 10 listens processed: 8 matched, 2 unmatched, 0 already brought, 3 skipped',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  });

  it('shows why the server refused a file', async () => {
    answer('POST /api/user/history/imports', () =>
      failure(
        400,
        'The file ends in the middle of a listen: it was cut short. Send the whole file again.',
        'history_file_truncated',
      ),
    );
    const { user } = renderApp('/user/history?tab=import');
    await user.upload(await screen.findByLabelText('Spotify history file'), spotifyFile());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/it was cut short/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
