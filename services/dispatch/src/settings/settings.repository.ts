import { DispatchSettings } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DispatchSettingsEntity } from './dispatch-settings.entity';

const ROW = 1;
export const DEFAULT_SETTINGS: DispatchSettings = { autoDispatch: false };

/** Every statement on `dispatch_settings`. */
@Injectable()
export class SettingsRepository {
  async get(manager: EntityManager): Promise<DispatchSettings> {
    const row = await manager.findOneBy(DispatchSettingsEntity, { id: ROW });
    return row ? { autoDispatch: row.autoDispatch } : DEFAULT_SETTINGS;
  }

  async save(manager: EntityManager, settings: DispatchSettings, now: Date): Promise<void> {
    await manager.upsert(
      DispatchSettingsEntity,
      { id: ROW, autoDispatch: settings.autoDispatch, updatedAt: now },
      ['id'],
    );
  }
}
