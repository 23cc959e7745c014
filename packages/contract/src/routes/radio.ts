import type { SuccessResponse } from '../envelope';
import type { MixList, RadioBatch, RadioRequest } from '../radio';
import { defineRoute } from '../route';

/** Radio and mixes (docs/product.md, "Radio and mixes"). */
export const radioApi = {
  next: defineRoute<{ body: RadioRequest; response: SuccessResponse<RadioBatch> }>()(
    'POST',
    '/api/user/radio',
  ),
  mixes: defineRoute<{ response: SuccessResponse<MixList> }>()('GET', '/api/user/mixes'),
} as const;
