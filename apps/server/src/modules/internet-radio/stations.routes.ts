import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import {
  stationBodySchema,
  stationMessages,
  stationSchema,
  updateStationBodySchema,
} from '@cadenza/contract/internet-radio';
import { internetRadioApi } from '@cadenza/contract/routes/internet-radio';
import { z } from 'zod';
import { declared, declaredAnswer } from '../../declared-routes';
import { errorResponses } from '../../schemas';
import { presentStation } from './stations.presenter';
import type { StationsService } from './stations.service';

export interface StationsRoutesOptions {
  readonly stations: StationsService;
  /** The signed address of the server's relay of a station, for the web player. */
  readonly listenUrlOf: (stationId: string) => string;
}

/** Internet radio stations: listed for listeners, edited by administrators. */
export const stationsRoutes: FastifyPluginAsyncZod<StationsRoutesOptions> = async (
  app,
  { stations, listenUrlOf },
) => {
  const present = (station: Parameters<typeof presentStation>[0]) =>
    presentStation(station, listenUrlOf);
  const security = [{ bearerAuth: [] }];

  app.route({
    ...declared(app, internetRadioApi.list),
    onRequest: [app.requireUser],
    schema: {
      tags: ['radio'],
      security,
      summary: 'Every internet radio station, by name (the same as /rest/getInternetRadioStations)',
      response: {
        200: declaredAnswer(internetRadioApi.list, successResponse(z.array(stationSchema))),
        ...errorResponses(401),
      },
    },
    handler: async () => ({
      success: true as const,
      data: (await stations.list()).map(present),
    }),
  });

  app.route({
    ...declared(app, internetRadioApi.create),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security,
      summary: 'Adds an internet radio station: a name and an http(s) stream address',
      body: stationBodySchema,
      response: {
        201: declaredAnswer(internetRadioApi.create, successResponse(stationSchema)),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request, reply) => {
      const created = await stations.create(request.body);
      return reply.status(201).send({ success: true as const, data: present(created) });
    },
  });

  app.route({
    ...declared(app, internetRadioApi.update),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security,
      summary: "Changes a station's name, stream or home page (null clears the home page)",
      params: idParamsSchema,
      body: updateStationBodySchema,
      response: {
        200: declaredAnswer(internetRadioApi.update, successResponse(stationSchema)),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: present(await stations.update(request.params.id, request.body)),
    }),
  });

  app.route({
    ...declared(app, internetRadioApi.remove),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security,
      summary: 'Deletes an internet radio station',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(internetRadioApi.remove, messageResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      await stations.delete(request.params.id);
      return { success: true as const, message: stationMessages.deleted };
    },
  });
};
