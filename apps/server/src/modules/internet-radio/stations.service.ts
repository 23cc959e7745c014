import { stationMessages, type StationBody } from '@cadenza/contract/internet-radio';
import { NotFound } from '../../errors';
import { newId } from '../../ids';
import type { StationChange, StationRecord, StationsRepository } from './stations.repository';

const notFound = () => new NotFound(stationMessages.notFound, 'station_not_found');

/**
 * Internet radio stations: live streams an administrator lists, played by every listener from
 * their own address (the web app and apps alike). Validated on the way in by the contract.
 */
export class StationsService {
  constructor(
    private readonly stations: StationsRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  list(): Promise<StationRecord[]> {
    return this.stations.list();
  }

  async find(id: string): Promise<StationRecord> {
    const station = await this.stations.find(id);
    if (!station) throw notFound();
    return station;
  }

  async create(body: StationBody): Promise<StationRecord> {
    const station = {
      id: newId(),
      name: body.name,
      streamUrl: body.streamUrl,
      homepageUrl: body.homepageUrl || null,
      createdAt: this.clock().toISOString(),
    };
    await this.stations.insert(station);
    return station;
  }

  async update(id: string, change: StationChange): Promise<StationRecord> {
    const updated = await this.stations.update(id, {
      ...change,
      ...(change.homepageUrl === undefined ? {} : { homepageUrl: change.homepageUrl || null }),
    });
    if (!updated) throw notFound();
    return updated;
  }

  async delete(id: string): Promise<void> {
    if (!(await this.stations.delete(id))) throw notFound();
  }
}
