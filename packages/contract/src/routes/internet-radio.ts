import type { MessageResponse, SuccessResponse } from '../envelope';
import type { Station, StationBody, UpdateStationBody } from '../internet-radio';
import { defineRoute } from '../route';

/** Internet radio stations (docs/product.md §12.16): listeners read, administrators edit. */
export const internetRadioApi = {
  list: defineRoute<{ response: SuccessResponse<Station[]> }>()('GET', '/api/user/radio-stations'),
  create: defineRoute<{ body: StationBody; response: SuccessResponse<Station> }>()(
    'POST',
    '/api/admin/radio-stations',
  ),
  update: defineRoute<{ body: UpdateStationBody; response: SuccessResponse<Station> }>()(
    'PATCH',
    '/api/admin/radio-stations/:id',
  ),
  remove: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/admin/radio-stations/:id'),
} as const;
