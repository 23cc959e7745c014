import type { Kysely, Selectable } from 'kysely';
import { toIso, type Database } from '../../db/schema';

/** A live stream listed for every listener. */
export interface StationRecord {
  readonly id: string;
  readonly name: string;
  readonly streamUrl: string;
  readonly homepageUrl: string | null;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
}

export interface StationChange {
  readonly name?: string;
  readonly streamUrl?: string;
  readonly homepageUrl?: string | null;
}

/** The most stations listed: a server's are a handful, never a catalogue. */
const LISTED_STATIONS = 1000;

function recordOf(row: Selectable<Database['internet_radio_stations']>): StationRecord {
  return {
    id: row.id,
    name: row.name,
    streamUrl: row.stream_url,
    homepageUrl: row.homepage_url,
    createdAt: toIso(row.created_at),
  };
}

export class StationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every station, by name. */
  async list(): Promise<StationRecord[]> {
    const rows = await this.db
      .selectFrom('internet_radio_stations')
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .limit(LISTED_STATIONS)
      .execute();
    return rows.map(recordOf);
  }

  async find(id: string): Promise<StationRecord | null> {
    const row = await this.db
      .selectFrom('internet_radio_stations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  async insert(station: StationRecord): Promise<void> {
    await this.db
      .insertInto('internet_radio_stations')
      .values({
        id: station.id,
        name: station.name,
        stream_url: station.streamUrl,
        homepage_url: station.homepageUrl,
        created_at: station.createdAt,
      })
      .execute();
  }

  /** The station after the change; null when there is none with this id. */
  async update(id: string, change: StationChange): Promise<StationRecord | null> {
    const values = {
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.streamUrl === undefined ? {} : { stream_url: change.streamUrl }),
      ...(change.homepageUrl === undefined ? {} : { homepage_url: change.homepageUrl }),
    };
    if (Object.keys(values).length > 0) {
      await this.db
        .updateTable('internet_radio_stations')
        .set(values)
        .where('id', '=', id)
        .execute();
    }
    return this.find(id);
  }

  /** Whether there was a station to delete. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('internet_radio_stations')
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
