export { DispatchSettingsEntity } from './dispatch-settings.entity';
export { SettingsController } from './settings.controller';
export { DEFAULT_SETTINGS, SettingsRepository } from './settings.repository';
export { SettingsService } from './settings.service';
