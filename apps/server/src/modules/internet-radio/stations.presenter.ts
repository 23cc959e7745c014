import type { Station } from '@cadenza/contract/internet-radio';
import type { StationRecord } from './stations.repository';

export function presentStation(station: StationRecord): Station {
  return {
    _id: station.id,
    name: station.name,
    streamUrl: station.streamUrl,
    homepageUrl: station.homepageUrl,
    createdAt: station.createdAt,
  };
}
