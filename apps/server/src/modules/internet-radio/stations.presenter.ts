import type { Station } from '@cadenza/contract/internet-radio';
import type { StationRecord } from './stations.repository';

/** `listenUrlOf`: the signed address of the server's relay of a station (delivery module). */
export function presentStation(
  station: StationRecord,
  listenUrlOf: (stationId: string) => string,
): Station {
  return {
    _id: station.id,
    name: station.name,
    streamUrl: station.streamUrl,
    homepageUrl: station.homepageUrl,
    listenUrl: listenUrlOf(station.id),
    createdAt: station.createdAt,
  };
}
