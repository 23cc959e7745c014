import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUILT_IN_PRESETS,
  DEFAULT_PLAYBACK_SETTINGS,
  EQUALISER_BANDS,
  usePlaybackSettings,
} from '@/lib/player/playback-settings';
import { renderWithProviders } from '@/test/render-app';
import { store } from '@/test/mock-api/store';
import { PlayerSettingsButton } from './player-settings-button';
import { PlayerSettingsDialog } from './player-settings-dialog';

afterEach(() => usePlaybackSettings.getState().replace(DEFAULT_PLAYBACK_SETTINGS));

const settings = () => usePlaybackSettings.getState().settings;

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<PlayerSettingsDialog open onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: 'Player settings' }), onClose };
}

describe('the player settings', () => {
  it('open from the player’s tune button and close again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlayerSettingsButton />);
    await user.click(screen.getByRole('button', { name: 'Player settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Player settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('choose a streaming quality, and another for a cellular connection', async () => {
    store.config = { ...store.config, transcoding: true };
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    expect(
      await within(dialog).findByText(/Songs above the chosen rate are sent smaller/),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: 'Streaming quality' }));
    await user.click(screen.getByRole('option', { name: 'High (320 kbps)' }));
    expect(settings().streamingQuality).toBe('high');
    await user.click(within(dialog).getByRole('combobox', { name: 'On a cellular connection' }));
    await user.click(screen.getByRole('option', { name: 'Data saver (96 kbps)' }));
    expect(settings().cellularStreamingQuality).toBe('dataSaver');
  });

  it('say that every song goes as it is on a server without ffmpeg', async () => {
    const { dialog } = renderDialog();
    expect(
      await within(dialog).findByText(/it has no ffmpeg to make smaller streams/),
    ).toBeVisible();
  });

  it('set the crossfade from off to 1–12 seconds with the keyboard', () => {
    const { dialog } = renderDialog();
    const crossfade = within(dialog).getByRole('slider', { name: 'Crossfade' });
    expect(crossfade).toHaveAttribute('aria-valuetext', 'Off');
    fireEvent.keyDown(crossfade, { key: 'ArrowRight' });
    expect(settings().crossfadeSeconds).toBe(1);
    expect(crossfade).toHaveAttribute('aria-valuetext', '1 second');
    fireEvent.keyDown(crossfade, { key: 'End' });
    expect(settings().crossfadeSeconds).toBe(12);
    expect(crossfade).toHaveAttribute('aria-valuetext', '12 seconds');
  });

  it('choose the ReplayGain mode, its pre-amp, fallback and clipping once it is on', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    const preamp = within(dialog).getByRole('slider', { name: 'Pre-amp' });
    expect(preamp).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Album' }));
    expect(settings().replayGainMode).toBe('album');
    expect(preamp).toBeEnabled();
    fireEvent.keyDown(preamp, { key: 'ArrowRight' });
    expect(settings().replayGainPreamp).toBe(0.5);
    expect(preamp).toHaveAttribute('aria-valuetext', '+0.5 dB');
    const fallback = within(dialog).getByRole('slider', { name: 'Songs without ReplayGain' });
    fireEvent.keyDown(fallback, { key: 'ArrowLeft' });
    expect(settings().replayGainFallback).toBe(-6.5);
    await user.click(within(dialog).getByRole('switch', { name: 'Prevent clipping' }));
    expect(settings().preventClipping).toBe(false);
  });

  it('turn the equaliser on, move a band and pick a built-in preset', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await user.click(within(dialog).getByRole('switch', { name: 'Equaliser' }));
    expect(settings().equaliserEnabled).toBe(true);
    const bands = within(dialog).getAllByRole('slider', { name: /Hz$/ });
    expect(bands.map((band) => band.getAttribute('aria-label'))).toEqual([
      '31 Hz',
      '62 Hz',
      '125 Hz',
      '250 Hz',
      '500 Hz',
      '1 kHz',
      '2 kHz',
      '4 kHz',
      '8 kHz',
      '16 kHz',
    ]);
    expect(bands).toHaveLength(EQUALISER_BANDS.length);
    fireEvent.keyDown(bands[9]!, { key: 'ArrowUp' });
    expect(settings().equaliserGains[9]).toBe(0.5);
    expect(within(dialog).getByRole('combobox', { name: 'Preset' })).toHaveTextContent('Custom');

    await user.click(within(dialog).getByRole('combobox', { name: 'Preset' }));
    await user.click(screen.getByRole('option', { name: 'Bass boost' }));
    expect(settings().equaliserGains).toEqual(
      BUILT_IN_PRESETS.find((preset) => preset.name === 'Bass boost')!.gains,
    );
    expect(within(dialog).getByRole('combobox', { name: 'Preset' })).toHaveTextContent(
      'Bass boost',
    );
  });

  it('save the current bands as a preset of one’s own, refuse a taken name, and delete it', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    fireEvent.keyDown(within(dialog).getByRole('slider', { name: '1 kHz' }), { key: 'End' });

    await user.click(within(dialog).getByRole('button', { name: 'Save as preset' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Preset name' }), 'flat');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('A preset with this name exists')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: 'Preset name' });
    await user.clear(name);
    await user.type(name, 'Mids up{Enter}');
    expect(settings().customPresets).toEqual([
      { name: 'Mids up', gains: [0, 0, 0, 0, 0, 12, 0, 0, 0, 0] },
    ]);
    expect(within(dialog).getByRole('combobox', { name: 'Preset' })).toHaveTextContent('Mids up');
    const own = within(dialog).getByRole('list', { name: 'Your presets' });
    expect(within(own).getByRole('button', { name: 'Mids up' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete preset Mids up' }));
    expect(settings().customPresets).toEqual([]);
    expect(within(dialog).queryByRole('list', { name: 'Your presets' })).not.toBeInTheDocument();
  });
});
