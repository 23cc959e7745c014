import type { AccountSession } from '@cadenza/contract/account';
import { clientKey } from '../../plugins/client-address';
import { deviceName } from './device-names';
import type { OwnSession } from './account.service';

/**
 * Where a session signed in from. No place database ships with the server, so it is the address
 * itself, an IPv6 one shortened to its /64 network (decision 074 says how a place could be added).
 */
function placeOf(address: string): string {
  return address ? clientKey(address) : 'Unknown address';
}

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
