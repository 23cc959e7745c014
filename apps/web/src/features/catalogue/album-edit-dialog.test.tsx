import { albumFormMessages } from '@cadenza/contract/album-form';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute } from '@/test/mock-api/server';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';
import { seedBeatles } from './catalogue-test-data';
import { ALBUM_SAVED_MESSAGE } from './components/album-edit-dialog';

beforeEach(() => {
  stubMediaElement();
  seedBeatles();
});

async function openEditor() {
  logIn(adminUser);
  const rendered = renderApp('/album/abbey');
  await screen.findByRole('heading', { level: 1, name: 'Abbey Road' });
  await rendered.user.click(screen.getByRole('button', { name: 'Edit album' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Album' });
  return { ...rendered, dialog };
}

describe('Edit album', { timeout: 20_000 }, () => {
  it('is not offered to listeners', async () => {
    logIn();
    renderApp('/album/abbey');
    await screen.findByRole('heading', { level: 1, name: 'Abbey Road' });
    expect(screen.queryByRole('button', { name: 'Edit album' })).not.toBeInTheDocument();
  });

  it('saves title, album artist, year and genre chips, and the page shows them', async () => {
    const { user, dialog } = await openEditor();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Abbey Road');
    expect(within(dialog).getByRole('textbox', { name: 'Album Artist' })).toHaveValue(
      'The Beatles',
    );
    expect(within(dialog).getByRole('spinbutton', { name: 'Year' })).toHaveValue(1969);

    await user.clear(title);
    await user.type(title, 'Abbey Road (Remaster)');
    const year = within(dialog).getByRole('spinbutton', { name: 'Year' });
    await user.clear(year);
    await user.type(year, '2019');
    const genres = within(dialog).getByRole('combobox', { name: 'Genres' });
    await user.type(genres, 'Rock{Enter}Psychedelic Rock{Enter}rock{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save Album' }));

    expect(await screen.findByText(ALBUM_SAVED_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Album' })).not.toBeInTheDocument(),
    );
    const [sent] = requestsTo('PUT /api/admin/albums/abbey');
    const form = sent?.body as FormData;
    expect(form.get('title')).toBe('Abbey Road (Remaster)');
    expect(form.get('albumArtist')).toBe('The Beatles');
    expect(form.get('year')).toBe('2019');
    expect(JSON.parse(form.get('genres') as string)).toEqual(['Rock', 'Psychedelic Rock']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abbey Road (Remaster)' }),
    ).toBeVisible();
  });

  it('checks the form before sending it: a title, and genres of 100 characters at most', async () => {
    const { user, dialog } = await openEditor();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Album' }));
    expect(await within(dialog).findByText(albumFormMessages.titleRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Abbey Road');
    await user.type(
      within(dialog).getByRole('combobox', { name: 'Genres' }),
      `${'x'.repeat(100)}y{Enter}`,
    );
    // The field takes 100 characters: the chip holds no more.
    const chip = within(dialog).getByRole('button', { name: 'x'.repeat(100) });
    expect(chip).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/albums/abbey')).toHaveLength(0);
  });

  it('shows why the server refused the edit, and stays open', async () => {
    failRoute('PUT /api/admin/albums/abbey', 500, 'The catalogue is busy.');
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Save Album' }));
    expect(await within(dialog).findByText('The catalogue is busy.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Album' })).toBeInTheDocument();
  });
});
