import type { AccountSession } from '@cadenza/contract/account';
import { deviceName } from './device-names';
import { placeOf } from './session-places';
import type { OwnSession } from './account.service';

export function presentAccountSession({ session, current }: OwnSession): AccountSession {
  return {
    id: session.id,
    device: deviceName(session.userAgent),
    place: placeOf(session.address),
    current,
    signedInAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
  };
}
