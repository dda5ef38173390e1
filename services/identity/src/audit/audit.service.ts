import { AUDIT_PAGE_SIZE, AuditPage, AuditQuery } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UsersRepository } from '../users';
import {
  AppointmentState,
  AuditedEvent,
  DraftEntry,
  StateChange,
  SubjectKey,
  anonymousActorName,
  auditOutcome,
  subjectsOf,
} from './audit-entries';
import { redactChanges, scrubAppointment } from './audit-redaction';
import { AuditRepository } from './audit.repository';

/**
 * The audit log: identity records every staff change from the events, because it knows who the
 * actor is and can name them as they were then. Each event is applied once (the consumer's inbox,
 * and the entries' unique key besides); nothing here edits or deletes an entry, except that a
 * deleted customer's personal values leave the entries that held them.
 */
@Injectable()
export class AuditService implements OnModuleInit {
  constructor(
    private readonly audit: AuditRepository,
    private readonly users: UsersRepository,
    private readonly consumers: EventConsumers,
  ) {}

  onModuleInit() {
    const record = (event: AuditedEvent, tx: Transaction) => this.record(event, tx);
    this.consumers.subscribe('identity-audit-booking', record);
    this.consumers.subscribe('identity-audit-dispatch', record);
    this.consumers.subscribe('identity-audit-schedules', record);
    this.consumers.subscribe('identity-audit-identity', record);
    this.consumers.subscribe('identity-audit-inventory', record);
    this.consumers.subscribe('identity-audit-billing', record);
  }

  /** GET /api/audit: newest first, a page at a time; a thing with no history yet: an empty page. */
  async list({ entity, id, before }: AuditQuery): Promise<AuditPage> {
    const entries = await this.audit.page(entity, id, before, AUDIT_PAGE_SIZE + 1);
    const more = entries.length > AUDIT_PAGE_SIZE;
    const page = entries.slice(0, AUDIT_PAGE_SIZE);
    return { entries: page, nextBefore: more ? page[page.length - 1].id : null };
  }

  async record(event: AuditedEvent, { manager }: Transaction): Promise<void> {
    const outcome = auditOutcome(event, await this.audit.states(manager, subjectsOf(event)));
    const customers = [
      ...outcome.entries.map((e) => e.customerId),
      ...outcome.states.map(customerOfState),
      outcome.eraseCustomer ?? null,
    ].filter((id): id is number => id !== null);
    // Their erasure and this event take turns: whichever waited sees the other's commit, as
    // whether they are erased is read only once the locks are held (the erasure takes them first).
    await this.audit.lockCustomers(manager, customers);
    const erased = await this.audit.erasedAmong(manager, customers);
    await this.keepStates(manager, outcome.states, erased);
    const envelopeActor = await this.actorOf(event);
    await this.audit.insert(
      manager,
      outcome.entries.map((entry) => {
        const actor = entry.actor ?? envelopeActor;
        return {
          eventId: event.id,
          entity: entry.entity,
          entityId: entry.entityId,
          action: entry.action,
          summary: entry.summary,
          actorId: actor.id,
          actorName: actor.name,
          at: event.occurredAt,
          // Written after the customer was deleted (a late event): their values never land.
          changes: isErased(entry, erased)
            ? redactChanges(entry.entity, entry.changes)
            : entry.changes,
          customerId: entry.customerId,
        };
      }),
    );
    if (outcome.eraseCustomer !== undefined) await this.erase(manager, outcome.eraseCustomer);
  }

  /**
   * A deleted customer's personal data leaves the log: their state goes, their jobs' states are
   * scrubbed, and every entry that held it keeps only that the field changed.
   */
  private async erase(manager: EntityManager, customerId: number): Promise<void> {
    // Before anything of theirs is touched (record() holds it already): an event writing their
    // data waits for this transaction, then sees them erased.
    await this.audit.lockCustomers(manager, [customerId]);
    await this.audit.markErased(manager, customerId);
    await this.audit.forgetState(manager, { entity: 'customer', entityId: customerId });
    const jobs = await this.audit.appointmentStatesOf(manager, customerId);
    await this.audit.saveStates(
      manager,
      jobs.map(({ entityId, state }) => ({
        entity: 'appointment' as const,
        entityId,
        state: scrubAppointment(state as AppointmentState),
      })),
    );
    for (const entry of await this.audit.entriesOfCustomer(manager, customerId))
      await this.audit.replaceChanges(
        manager,
        entry.id,
        redactChanges(entry.entity, entry.changes),
      );
  }

  /** Stores the things' new states; an erased customer's data is not taken in again. */
  private async keepStates(
    manager: EntityManager,
    changes: readonly StateChange[],
    erased: ReadonlySet<number>,
  ): Promise<void> {
    const saved: (SubjectKey & { state: unknown })[] = [];
    for (const change of changes) {
      const customerId = customerOfState(change);
      if (change.state === null || (change.entity === 'customer' && erased.has(change.entityId)))
        await this.audit.forgetState(manager, change);
      else
        saved.push({
          entity: change.entity,
          entityId: change.entityId,
          state:
            customerId !== null && erased.has(customerId)
              ? scrubAppointment(change.state as AppointmentState)
              : change.state,
        });
    }
    await this.audit.saveStates(manager, saved);
  }

  /** The signed-in user named as they are now (the entry keeps it), or Customer / System. */
  private async actorOf(event: AuditedEvent): Promise<{ id: number | null; name: string }> {
    if (event.actorId === null) return { id: null, name: anonymousActorName(event.type) };
    const user = await this.users.findById(event.actorId);
    // Deleted before their event was recorded (a backlog): the id is all that is left.
    return { id: event.actorId, name: user?.name ?? `User #${event.actorId}` };
  }
}

/** The customer an appointment's state belongs to. */
function customerOfState(change: StateChange): number | null {
  if (change.entity !== 'appointment' || change.state === null) return null;
  return (change.state as AppointmentState).customerId;
}

const isErased = (entry: DraftEntry, erased: ReadonlySet<number>) =>
  entry.customerId !== null && erased.has(entry.customerId);
