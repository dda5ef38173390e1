import { ColumnOf, TableColumns } from '@cincy/platform';
import type { EntityManager } from 'typeorm';
import { BoardAppointmentEntity } from './board-appointment.entity';

/** Each column of `board_appointments` and the field of `BoardAppointmentEntity` that holds it. */
const COLUMNS: readonly ColumnOf<BoardAppointmentEntity>[] = [
  ['id', 'id'],
  ['customer_id', 'customerId'],
  ['reference', 'reference'],
  ['customer_name', 'customerName'],
  ['customer_phone', 'customerPhone'],
  ['location', 'location'],
  ['customer_location', 'customerLocation'],
  ['vehicle', 'vehicle'],
  ['preferred_time', 'preferredTime'],
  ['scheduled_date', 'scheduledDate'],
  ['scheduled_time', 'scheduledTime'],
  ['scheduled_start_time', 'scheduledStartTime'],
  ['notes', 'notes'],
  ['priority', 'priority'],
  ['status', 'status'],
  ['technician_id', 'technicianId'],
  ['technician_username', 'technicianUsername'],
  ['technician_name', 'technicianName'],
  ['requested_at', 'requestedAt'],
  ['accepted_at', 'acceptedAt'],
  ['en_route_at', 'enRouteAt'],
  ['on_location_at', 'onLocationAt'],
  ['completed_at', 'completedAt'],
  ['version', 'version'],
  ['hand_back_by', 'handBackBy'],
  ['hand_back_reason', 'handBackReason'],
  ['hand_back_at', 'handBackAt'],
  ['cancel_reason', 'cancelReason'],
  ['closed_at', 'closedAt'],
  ['arrival_code', 'arrivalCode'],
  ['arrival_misses', 'arrivalMisses'],
  ['arrival_confirmed', 'arrivalConfirmed'],
  ['payment', 'payment'],
  ['battery', 'battery'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
];

/** `board_appointments`, read into `BoardAppointmentEntity`s (the booked date as its text). */
export const BOARD = new TableColumns<BoardAppointmentEntity>('board_appointments', COLUMNS, {
  dates: ['scheduled_date'],
});

/** The jobs `where` selects (its parameters `params`), as dispatch keeps them. */
export const boardRows = (manager: EntityManager, where: string, params: unknown[] = []) =>
  BOARD.select(manager, where, params);
