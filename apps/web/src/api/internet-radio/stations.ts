import type { Station, StationBody } from '@cadenza/contract/internet-radio';
import { internetRadioApi } from '@cadenza/contract/routes/internet-radio';
import { call } from '@/lib/route-call';

/** GET /api/user/radio-stations: every station, by name, with the address to listen at. */
export async function getStations(signal?: AbortSignal): Promise<Station[]> {
  return (await call(internetRadioApi.list, { signal })).data;
}

/** POST /api/admin/radio-stations: adds a station. */
export async function addStation(body: StationBody): Promise<Station> {
  return (await call(internetRadioApi.create, { body })).data;
}

/** DELETE /api/admin/radio-stations/:id: removes a station. */
export async function removeStation(id: string): Promise<void> {
  await call(internetRadioApi.remove, { params: { id } });
}
