import { sharesApi } from '@cadenza/contract/routes/shares';
import type { CreateShareBody, Share, SharedPage } from '@cadenza/contract/shares';
import { call } from '@/lib/route-call';

/** GET /api/user/shares: the listener's shares, newest first. */
export async function getMyShares(signal?: AbortSignal): Promise<Share[]> {
  return (await call(sharesApi.list, { signal })).data;
}

/** POST /api/user/shares: a new public link. */
export async function createShare(body: CreateShareBody): Promise<Share> {
  return (await call(sharesApi.create, { body })).data;
}

/** DELETE /api/user/shares/:id: ends the link for good. */
export async function revokeShare(id: string): Promise<void> {
  await call(sharesApi.revoke, { params: { id } });
}

/** GET /api/shares/:id: what a visitor sees, with playable songs. */
export async function getSharedPage(id: string, signal?: AbortSignal): Promise<SharedPage> {
  return (await call(sharesApi.shared, { params: { id }, signal })).data;
}

/** POST /api/shares/:id/plays: a visitor started one of its songs. */
export async function countSharedPlay(id: string, songId: string): Promise<void> {
  await call(sharesApi.play, { params: { id }, body: { songId } });
}
