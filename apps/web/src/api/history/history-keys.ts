/** The listener's listening history and what they brought from other services. */
export const historyKeys = {
  all: ['history'] as const,
  /** GET /api/user/history?q=, a page at a time */
  plays: (search: string) => [...historyKeys.all, 'plays', { search }] as const,
  /** GET /api/user/history/imports */
  imports: () => [...historyKeys.all, 'imports'] as const,
  /** GET /api/user/history/imports/{id} */
  import: (id: string) => [...historyKeys.all, 'import', id] as const,
  /** GET /api/user/history/unmatched, a page at a time */
  unmatched: () => [...historyKeys.all, 'unmatched'] as const,
};
