import { DispatchSettings } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

const ROW = 1;
export const DEFAULT_SETTINGS: DispatchSettings = { autoDispatch: false };

/** Every statement on `dispatch_settings`. */
@Injectable()
export class SettingsRepository {
  async get(manager: EntityManager): Promise<DispatchSettings> {
    const [row]: { auto_dispatch: boolean }[] = await manager.query(
      'SELECT auto_dispatch FROM dispatch_settings WHERE id = $1',
      [ROW],
    );
    return row ? { autoDispatch: row.auto_dispatch } : DEFAULT_SETTINGS;
  }

  async save(manager: EntityManager, settings: DispatchSettings, now: Date): Promise<void> {
    await manager.query(
      `INSERT INTO dispatch_settings (id, auto_dispatch, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET auto_dispatch = EXCLUDED.auto_dispatch,
                                      updated_at = EXCLUDED.updated_at`,
      [ROW, settings.autoDispatch, now],
    );
  }
}
