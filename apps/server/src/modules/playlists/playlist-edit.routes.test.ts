import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverMessages } from '@cadenza/contract/covers';
import { playlistMessages } from '@cadenza/contract/playlists';
import { coverUrlOf } from '../../../test/covers';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { filesUnder, pngBytes } from '../../../test/media-files';
import { injectForm, type FormFile } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let stranger: CreatedUser;
let admin: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Owner' });
  stranger = await createUser(t, { name: 'Stranger' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const png = (variant: string): FormFile => ({
  filename: 'cover.png',
  contentType: 'image/png',
  content: pngBytes(variant),
});
const keyOf = (url: string) => url.replace(/^\/media\//, '');
const url = (id: string) => `/api/user/playlists/${id}`;

function patchJson(id: string, body: unknown, who: CreatedUser = owner) {
  return t.app.inject({
    method: 'PATCH',
    url: url(id),
    headers: who.headers,
    payload: body as object,
  });
}
function patchForm(id: string, parts: Record<string, string | FormFile>, who = owner) {
  return injectForm(t.app, { method: 'PATCH', url: url(id), headers: who.headers }, parts);
}
async function withCover(variant: string) {
  const res = await injectForm(
    t.app,
    { method: 'POST', url: '/api/user/playlists', headers: owner.headers },
    { name: 'Covered', coverImage: png(variant) },
  );
  expect(res.statusCode).toBe(201);
  const created: { _id: string; coverImage: string } = res.json().data;
  return created;
}

describe('PATCH /api/user/playlists/:id', () => {
  it('renames, describes and makes private what is sent, keeping the rest', async () => {
    const id = await createPlaylist(t, owner, { name: 'Before', description: 'Kept' });
    const res = await patchJson(id, { name: '  After  ', isPublic: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: id,
      name: 'After',
      description: 'Kept',
      isPublic: false,
      isDefault: false,
      owner: { _id: owner.user._id, name: 'Owner' },
    });
    const described = await patchJson(id, { description: 'New words' });
    expect(described.json().data).toMatchObject({ name: 'After', description: 'New words' });
    const opened = await t.app.inject({ url: url(id), headers: owner.headers });
    expect(opened.json().data).toMatchObject({ name: 'After', isPublic: false });
  });

  it('takes a multipart form with a new cover and removes the old file after the change', async () => {
    const created = await withCover('old edit cover');
    const oldKey = keyOf(created.coverImage);
    expect(await t.blobs.head(oldKey)).not.toBeNull();
    const res = await patchForm(created._id, { isPublic: 'false', coverImage: png('new edit') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      isPublic: false,
      coverImage: await coverUrlOf(t, pngBytes('new edit')),
      coverMosaic: [],
    });
    expect(await t.blobs.head(oldKey)).toBeNull();
  });

  it('removes the cover with removeCover, as JSON or a form', async () => {
    const created = await withCover('removed cover');
    const res = await patchJson(created._id, { removeCover: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.coverImage).toBe('/media/defaults/playlist.jpg');
    expect(await t.blobs.head(keyOf(created.coverImage))).toBeNull();

    const again = await withCover('removed by form');
    const byForm = await patchForm(again._id, { removeCover: 'true' });
    expect(byForm.statusCode).toBe(200);
    expect(byForm.json().data.coverImage).toBe('/media/defaults/playlist.jpg');
  });

  it('answers 400 with the create messages, and keeps neither change nor upload', async () => {
    const id = await createPlaylist(t, owner, { name: 'Untouched' });
    const before = filesUnder(t.blobs.root);
    const blank = await patchForm(id, { name: '   ', coverImage: png('refused patch') });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(playlistMessages.nameRequired);
    expect(filesUnder(t.blobs.root)).toEqual(before);

    const cases: Array<[unknown, string]> = [
      [{ name: 'x'.repeat(101) }, playlistMessages.nameTooLong],
      [{ description: 'x'.repeat(1001) }, playlistMessages.descriptionTooLong],
      [{ isPublic: 'maybe' }, playlistMessages.isPublicInvalid],
      [{ removeCover: 'yes' }, playlistMessages.removeCoverInvalid],
      [{}, playlistMessages.nothingToChange],
    ];
    for (const [body, message] of cases) {
      const res = await patchJson(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const both = await patchForm(id, { removeCover: 'true', coverImage: png('both') });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(playlistMessages.coverAndRemoveCover);
    const notImage = await patchForm(id, {
      coverImage: { filename: 'c.png', contentType: 'image/png', content: Buffer.from('text') },
    });
    expect(notImage.json().message).toBe(coverMessages.notAnImage);
    expect(filesUnder(t.blobs.root)).toEqual(before);

    const noBody = await t.app.inject({ method: 'PATCH', url: url(id), headers: owner.headers });
    expect(noBody.statusCode).toBe(400);
    const opened = await t.app.inject({ url: url(id), headers: owner.headers });
    expect(opened.json().data.name).toBe('Untouched');
  });

  it("answers 404 for unknown and others' private playlists, 403 for others' public ones", async () => {
    const unknown = await patchJson('0190a0a0-0000-7000-8000-000000000000', { name: 'No' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('playlist_not_found');

    const privateOne = await createPlaylist(t, owner, { isPublic: false });
    const hidden = await patchJson(privateOne, { name: 'No' }, stranger);
    expect(hidden.statusCode).toBe(404);

    const publicOne = await createPlaylist(t, owner);
    const before = filesUnder(t.blobs.root);
    const refused = await patchForm(publicOne, { coverImage: png('not yours') }, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_playlist_owner');
    expect(filesUnder(t.blobs.root)).toEqual(before);

    const featured = await createPlaylist(t, admin, { isDefault: true });
    const readOnly = await patchJson(featured, { name: 'No' }, stranger);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().code).toBe('default_playlist_read_only');

    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: url(publicOne),
      payload: { name: 'No' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
