import type { MessageResponse, SuccessResponse } from '../envelope';
import type {
  HistoryImport,
  HistorySource,
  HistoryPage,
  HistoryQuery,
  MatchListenBody,
  UnmatchedListenPage,
} from '../listening-history';
import type { PageQuery } from '../paging';
import { defineRoute, type Multipart } from '../route';

/** The listener's listening history and what they bring from other services (docs/product.md). */
export const historyApi = {
  list: defineRoute<{ query: HistoryQuery; response: HistoryPage }>()('GET', '/api/user/history'),
  removePlay: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/user/history/:id'),
  imports: defineRoute<{ response: SuccessResponse<HistoryImport[]> }>()(
    'GET',
    '/api/user/history/imports',
  ),
  startImport: defineRoute<{
    query: { source: HistorySource };
    body: Multipart;
    response: SuccessResponse<HistoryImport>;
  }>()('POST', '/api/user/history/imports'),
  importStatus: defineRoute<{ response: SuccessResponse<HistoryImport> }>()(
    'GET',
    '/api/user/history/imports/:id',
  ),
  resumeImport: defineRoute<{ response: SuccessResponse<HistoryImport> }>()(
    'POST',
    '/api/user/history/imports/:id/resume',
  ),
  unmatched: defineRoute<{ query: PageQuery; response: UnmatchedListenPage }>()(
    'GET',
    '/api/user/history/unmatched',
  ),
  matchListen: defineRoute<{ body: MatchListenBody; response: MessageResponse }>()(
    'POST',
    '/api/user/history/unmatched/:id/match',
  ),
  dismissListen: defineRoute<{ response: MessageResponse }>()(
    'DELETE',
    '/api/user/history/unmatched/:id',
  ),
} as const;
