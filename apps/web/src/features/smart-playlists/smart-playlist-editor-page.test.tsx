import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePlaylist, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seedSmartPlaylist } from '@/test/mock-api/smart-playlists';
import { findPlaylist, seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

const songs = [
  makeSong('1', { title: 'Feeling Good', artist: 'Nina Simone', releaseYear: 1965, duration: 170 }),
  makeSong('2', { title: 'Sinnerman', artist: 'Nina Simone', releaseYear: 1965, duration: 620 }),
  makeSong('3', { title: 'Ain’t Got No', artist: 'Nina Simone', releaseYear: 1968, duration: 290 }),
  makeSong('4', { title: 'Hurt', artist: 'Johnny Cash', releaseYear: 2002, duration: 218 }),
  makeSong('5', { title: 'Jolene', artist: 'Dolly Parton', releaseYear: 1973, duration: 162 }),
];

beforeEach(() => {
  logIn();
  seed.songs(...songs);
});

const rule = (name: string) => screen.getByRole('group', { name });
const field = (group: HTMLElement) => within(group).getByRole('combobox', { name: 'Field' });
const operator = (group: HTMLElement) => within(group).getByRole('combobox', { name: 'Operator' });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const lastPreviewBody = () => requestsTo('POST /api/user/smart-playlists/preview').at(-1)?.body;

async function openEditor(path = '/smart-playlists/new') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('Smart playlist editor', { timeout: 60_000 }, () => {
  it('builds nested all/any rules and the preview count follows them', async () => {
    const { user } = await openEditor();
    expect(screen.getByText('Fill in every rule to see how many songs match.')).toBeInTheDocument();

    await user.selectOptions(field(rule('Rule 1')), 'Artist');
    await user.selectOptions(operator(rule('Rule 1')), 'contains');
    await user.type(within(rule('Rule 1')).getByRole('textbox', { name: 'Value' }), 'nina');
    expect(await screen.findByText('3 songs match')).toBeInTheDocument();
    // The first of them, as the preview gives them (newest added first by default).
    const sample = screen.getByRole('list', { name: 'First matching songs' });
    expect(within(sample).getByText('Feeling Good')).toBeInTheDocument();

    // All of: artist contains "nina", and any of (year > 1966, duration > 10:00).
    const top = screen.getByRole('group', { name: 'Rules' });
    await user.click(within(top).getByRole('button', { name: 'Add group' }));
    const group = rule('Group 2');
    // The new group's rule takes the focus, ready for its field.
    expect(field(rule('Rule 2.1'))).toHaveFocus();
    expect(within(group).getByRole('combobox', { name: 'Songs match' })).toHaveValue('any');
    await user.selectOptions(field(rule('Rule 2.1')), 'Year');
    await user.selectOptions(operator(rule('Rule 2.1')), 'is greater than');
    await user.type(within(rule('Rule 2.1')).getByRole('textbox', { name: 'Value' }), '1966');
    expect(await screen.findByText('1 song matches')).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'Add rule to group 2' }));
    await user.selectOptions(field(rule('Rule 2.2')), 'Duration');
    await user.selectOptions(operator(rule('Rule 2.2')), 'is greater than');
    await user.type(within(rule('Rule 2.2')).getByRole('textbox', { name: 'Value' }), '10:00');
    expect(await screen.findByText('2 songs match')).toBeInTheDocument();
    expect(lastPreviewBody()).toMatchObject({
      rules: {
        all: [
          { field: 'artist', operator: 'contains', value: 'nina' },
          {
            any: [
              { field: 'year', operator: 'gt', value: 1966 },
              { field: 'duration', operator: 'gt', value: 600 },
            ],
          },
        ],
      },
    });

    // Switching the group to "all" asks for both: none is that late and that long.
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Songs match' }), 'all');
    expect(await screen.findByText('0 songs match')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove group 2' }));
    expect(await screen.findByText('3 songs match')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Group 2' })).not.toBeInTheDocument();
    // The focus does not fall to the page: it goes to the group the removed one was in.
    expect(within(top).getByRole('button', { name: 'Add rule' })).toHaveFocus();
  });

  it("offers the operators of the field's type and a value input that fits", async () => {
    const { user } = await openEditor();
    const first = () => rule('Rule 1');
    expect(optionsOf(operator(first()))).toEqual([
      'is',
      'is not',
      'contains',
      'does not contain',
      'starts with',
      'ends with',
    ]);

    await user.selectOptions(field(first()), 'Play count');
    expect(optionsOf(operator(first()))).toEqual([
      'is',
      'is not',
      'is greater than',
      'is less than',
      'is in the range',
    ]);
    await user.selectOptions(operator(first()), 'is in the range');
    expect(within(first()).getByRole('textbox', { name: 'From' })).toBeInTheDocument();
    expect(within(first()).getByRole('textbox', { name: 'To' })).toBeInTheDocument();

    await user.selectOptions(field(first()), 'Date added');
    expect(optionsOf(operator(first()))).toEqual([
      'is before',
      'is after',
      'is in the last (days)',
      'is not in the last (days)',
      'is in the range',
    ]);
    expect(within(first()).getByLabelText('Date')).toHaveAttribute('type', 'date');
    await user.selectOptions(operator(first()), 'is in the last (days)');
    expect(within(first()).getByRole('spinbutton', { name: 'Days' })).toBeInTheDocument();

    await user.selectOptions(field(first()), 'Liked');
    expect(optionsOf(operator(first()))).toEqual(['is']);
    const liked = within(first()).getByRole('switch', { name: 'Liked: yes' });
    await user.click(liked);
    expect(within(first()).getByRole('switch', { name: 'Liked: no' })).not.toBeChecked();
    await waitFor(() =>
      expect(lastPreviewBody()).toMatchObject({
        rules: { all: [{ field: 'liked', operator: 'is', value: false }] },
      }),
    );

    await user.selectOptions(field(first()), 'Bit rate');
    expect(within(first()).getByText('kbps')).toBeInTheDocument();
    await user.selectOptions(field(first()), 'Duration');
    expect(within(first()).getByText('Seconds, or minutes as mm:ss')).toBeInTheDocument();
  });

  it("shows the server's message in place of the count when it refuses the rules", async () => {
    const { user } = await openEditor();
    await user.selectOptions(field(rule('Rule 1')), 'Year');
    await user.type(within(rule('Rule 1')).getByRole('textbox', { name: 'Value' }), 'sixties');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('rules.all[0]: value must be a number');
    expect(screen.queryByText(/songs? match/)).not.toBeInTheDocument();

    await user.clear(within(rule('Rule 1')).getByRole('textbox', { name: 'Value' }));
    await user.type(within(rule('Rule 1')).getByRole('textbox', { name: 'Value' }), '1965');
    expect(await screen.findByText('2 songs match')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates a smart playlist that opens read-only and is listed with its icon', async () => {
    const { user, router } = await openEditor();
    await user.type(screen.getByRole('textbox', { name: 'Playlist Name' }), 'Nina');
    await user.type(within(rule('Rule 1')).getByRole('textbox', { name: 'Value' }), 'Sinner');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Title');
    await user.type(screen.getByRole('spinbutton', { name: 'Limit' }), '25');
    await user.click(screen.getByRole('button', { name: 'Create smart playlist' }));

    expect(await screen.findByRole('heading', { name: 'Nina', level: 1 })).toBeInTheDocument();
    expect(requestsTo('POST /api/user/smart-playlists')[0]?.body).toEqual({
      name: 'Nina',
      description: '',
      isPublic: false,
      rules: { all: [{ field: 'title', operator: 'is', value: 'Sinner' }] },
      sort: { field: 'title', order: 'desc' },
      limit: 25,
    });
    expect(screen.getByText('Private smart playlist')).toBeInTheDocument();

    await router.navigate('/library/playlists');
    const card = await screen.findByRole('article', { name: 'Nina' });
    expect(within(card).getByRole('img', { name: 'Smart playlist' })).toBeInTheDocument();
  });

  it('edits the rules of a saved smart playlist', async () => {
    seedSmartPlaylist(makePlaylist('smart', { name: 'Sixties' }), {
      rules: {
        all: [
          { field: 'artist', operator: 'is', value: 'Nina Simone' },
          { any: [{ field: 'year', operator: 'inTheRange', value: [1960, 1966] }] },
        ],
      },
      sort: { field: 'year', order: 'asc' },
      limit: null,
    });
    const { user } = await openEditor('/smart-playlists/smart/edit');
    expect(screen.getByRole('heading', { name: 'Edit smart playlist' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Playlist Name' })).toHaveValue('Sixties');
    expect(within(rule('Rule 1')).getByRole('textbox', { name: 'Value' })).toHaveValue(
      'Nina Simone',
    );
    const range = rule('Rule 2.1');
    expect(within(range).getByRole('textbox', { name: 'From' })).toHaveValue('1960');
    expect(await screen.findByText('2 songs match')).toBeInTheDocument();

    await user.clear(within(range).getByRole('textbox', { name: 'To' }));
    await user.type(within(range).getByRole('textbox', { name: 'To' }), '1970');
    expect(await screen.findByText('3 songs match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { name: 'Sixties', level: 1 })).toBeInTheDocument();
    expect(requestsTo('PATCH /api/user/smart-playlists/smart')[0]?.body).toMatchObject({
      rules: {
        all: [
          { field: 'artist', operator: 'is', value: 'Nina Simone' },
          { any: [{ field: 'year', operator: 'inTheRange', value: [1960, 1970] }] },
        ],
      },
    });
    expect(findPlaylist('smart')?.songIds).toEqual(['1', '2', '3']);
  });
});
