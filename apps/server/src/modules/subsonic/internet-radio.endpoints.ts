import {
  stationBodySchema,
  updateStationBodySchema,
  type StationBody,
  type UpdateStationBody,
} from '@cadenza/contract/internet-radio';
import type { z } from 'zod';
import type { StationsService } from '../internet-radio/stations.service';
import { forAdmins, forListeners, OK, type SubsonicEndpoints } from './subsonic-endpoint';
import { parseId, subsonicId } from './subsonic-ids';
import type { SubsonicParams } from './subsonic-params';
import { SubsonicCode, SubsonicError } from './subsonic-response';

export interface InternetRadioDeps {
  readonly stations: StationsService;
}

/** The parameters given, as the web's body: checked by the same schema, in Subsonic's error. */
function bodyOf<T>(schema: z.ZodType<T>, params: SubsonicParams, required: boolean): T {
  const given = (name: string) => {
    const value = params.get(name);
    return value === undefined || (value === '' && !required) ? undefined : value;
  };
  const parsed = schema.safeParse({
    name: given('name'),
    streamUrl: given('streamUrl'),
    homepageUrl: given('homepageUrl'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const missing = issue?.code === 'invalid_type' && issue.input === undefined;
    throw new SubsonicError(
      missing ? SubsonicCode.missingParameter : SubsonicCode.generic,
      missing ? `Required parameter is missing: ${String(issue.path[0])}` : (issue?.message ?? ''),
    );
  }
  return parsed.data;
}

/** Subsonic's internet radio stations: the same stations the web lists. */
export function internetRadioEndpoints({ stations }: InternetRadioDeps): SubsonicEndpoints {
  return {
    getInternetRadioStations: forListeners(async () => ({
      internetRadioStations: {
        internetRadioStation: (await stations.list()).map((station) => ({
          id: subsonicId('station', station.id),
          name: station.name,
          streamUrl: station.streamUrl,
          homePageUrl: station.homepageUrl ?? undefined,
        })),
      },
    })),

    createInternetRadioStation: forAdmins(async ({ params }) => {
      await stations.create(bodyOf<StationBody>(stationBodySchema, params, true));
      return OK;
    }),

    updateInternetRadioStation: forAdmins(async ({ params }) => {
      const id = parseId('station', params.required('id'));
      await stations.update(id, bodyOf<UpdateStationBody>(updateStationBodySchema, params, false));
      return OK;
    }),

    deleteInternetRadioStation: forAdmins(async ({ params }) => {
      await stations.delete(parseId('station', params.required('id')));
      return OK;
    }),
  };
}
