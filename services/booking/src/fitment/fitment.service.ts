import {
  ERROR_CODES,
  FITMENT_MESSAGES,
  Fitment,
  FitmentInput,
  FitmentQuery,
  bookedBatteryOf,
  vehicleOf,
  type BookedBattery,
} from '@cincy/contracts';
import { DomainError, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FitmentRepository } from './fitment.repository';

/** Fitment (issue 37, ADR 0117): the battery a vehicle takes, and the admins' edits of it. */
@Injectable()
export class FitmentService {
  constructor(
    private readonly fitments: FitmentRepository,
    private readonly outbox: Outbox,
  ) {}

  lookup(query: FitmentQuery): Promise<Fitment[]> {
    return this.fitments.match(query);
  }

  list(make: string | null): Promise<Fitment[]> {
    return this.fitments.list(make);
  }

  /** The battery a booking's vehicle text counts on; null when not known ("check fitment"). */
  async batteryFor(vehicle: string | null): Promise<BookedBattery | null> {
    const key = vehicleOf(vehicle);
    if (!key) return null;
    return bookedBatteryOf(await this.fitments.match({ ...key, engine: null }));
  }

  create(input: FitmentInput): Promise<Fitment> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const fitment = await this.fitments.insert(manager, input);
      await emit('booking.fitment.changed', { previous: null, fitment });
      return fitment;
    });
  }

  update(id: number, input: FitmentInput): Promise<Fitment> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const previous = await this.found(manager, id);
      const fitment = await this.fitments.update(manager, id, input);
      await emit('booking.fitment.changed', { previous, fitment });
      return fitment;
    });
  }

  remove(id: number): Promise<{ message: string }> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const previous = await this.found(manager, id);
      await this.fitments.delete(manager, id);
      await emit('booking.fitment.changed', { previous, fitment: null });
      return { message: FITMENT_MESSAGES.deleted };
    });
  }

  private async found(manager: EntityManager, id: number): Promise<Fitment> {
    const fitment = await this.fitments.lock(manager, id);
    if (!fitment) throw new DomainError(ERROR_CODES.notFound, FITMENT_MESSAGES.notFound);
    return fitment;
  }
}
