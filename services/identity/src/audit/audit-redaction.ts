import { AuditChange, AuditEntity } from '@cincy/contracts';
import { AppointmentState } from './audit-entries';

/**
 * The fields that hold a customer's personal data, by the entry's entity: name, phone, e-mail,
 * where they live, and notes and a cancellation's reason (free text may hold anything). The
 * vehicle is not personal.
 */
export const PERSONAL_FIELDS: Partial<Record<AuditEntity, readonly string[]>> = {
  customer: ['Name', 'Phone', 'Email'],
  appointment: ['Customer name', 'Customer phone', 'Location', 'Notes', 'Reason'],
};

/** A deleted customer's changes: that a personal field changed stays, its values go. */
export function redactChanges(entity: AuditEntity, changes: readonly AuditChange[]): AuditChange[] {
  const personal = PERSONAL_FIELDS[entity] ?? [];
  return changes.map((c) =>
    personal.includes(c.field) ? { field: c.field, from: null, to: null, redacted: true } : c,
  );
}

/** An appointment's state without its customer's personal data. */
export const scrubAppointment = (state: AppointmentState): AppointmentState => ({
  ...state,
  customerName: null,
  customerPhone: null,
  location: null,
  notes: null,
});
