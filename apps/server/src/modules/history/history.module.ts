import type { RegisterModule } from '../../module';
import { historyRoutes } from './history.routes';

/** The listening history page and the histories listeners bring from other services. */
export const registerHistoryModule: RegisterModule = async (api, c, s) => {
  // Imports a restart cut off carry on; a closing server lets each finish its batch first.
  api.addHook('onReady', () => s.historyImports.resumeInterrupted());
  api.addHook('onClose', () => s.historyImports.stop());
  await api.register(historyRoutes, {
    prefix: '/user/history',
    history: s.history,
    imports: s.historyImports,
    urls: c.mediaUrls,
    maxFileBytes: c.config.historyImportMaxBytes,
  });
};
