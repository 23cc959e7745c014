import type { RegisterModule } from '../../module';
import { playerSettingsRoutes } from './player-settings.routes';

/** Listeners read and replace their playback settings, which follow them to every browser. */
export const registerPlayerSettingsModule: RegisterModule = async (api, _c, s) => {
  await api.register(playerSettingsRoutes, {
    prefix: '/user',
    settings: s.playerSettings,
  });
};
