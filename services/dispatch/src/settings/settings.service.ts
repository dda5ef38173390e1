import { DispatchSettings } from '@cincy/contracts';
import { Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SettingsRepository } from './settings.repository';

/** The business's dispatch settings (auto-dispatch on or off, off by default). */
@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
  ) {}

  /** In the caller's transaction when given one (auto-dispatch decides inside its own). */
  get(manager: EntityManager = this.dataSource.manager): Promise<DispatchSettings> {
    return this.settings.get(manager);
  }

  update(settings: DispatchSettings): Promise<DispatchSettings> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      await this.settings.save(manager, settings, new Date());
      const saved = await this.settings.get(manager);
      await emit('dispatch.settings.changed', { settings: saved });
      return saved;
    });
  }
}
