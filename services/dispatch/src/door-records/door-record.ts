import {
  Actor,
  DOOR_RECORD_MESSAGES,
  ERROR_CODES,
  checkDoorRecord,
  stepInstant,
} from '@cincy/contracts';
import { DomainError } from '@cincy/platform';
import { EntityManager } from 'typeorm';
import { BoardAppointmentEntity, BoardRepository } from '../board';

/** The job, locked, once `actor` may record a test or a photo on it (else the refusal). */
export async function lockForRecord(
  board: BoardRepository,
  manager: EntityManager,
  id: number,
  actor: Actor,
): Promise<BoardAppointmentEntity> {
  const job = await board.lock(manager, id);
  if (!job) throw new DomainError(ERROR_CODES.notFound, 'Appointment not found');
  const refusal = checkDoorRecord(job, actor);
  if (refusal) throw new DomainError(refusal.code, refusal.message);
  return job;
}

/** When it was taken: the phone's time when it sent one (not before the arrival), else now. */
export function takenAt(occurredAt: string | undefined, job: BoardAppointmentEntity): string {
  const decided = stepInstant(
    occurredAt ? new Date(occurredAt) : undefined,
    new Date(),
    job.onLocationAt ?? job.requestedAt,
  );
  if ('refusal' in decided) {
    const { code, message, fieldErrors } = decided.refusal;
    throw new DomainError(code, message, fieldErrors);
  }
  return decided.at.toISOString();
}

/** Refused unless `actor` may see what was recorded on the job: the office, or its technician. */
export async function checkMaySee(manager: EntityManager, id: number, actor: Actor): Promise<void> {
  const [job] = await manager.query<{ technician_id: number | null }[]>(
    'SELECT technician_id FROM board_appointments WHERE id = $1',
    [id],
  );
  if (!job) throw new DomainError(ERROR_CODES.notFound, 'Appointment not found');
  if (actor.role !== 'admin' && job.technician_id !== actor.id)
    throw new DomainError(ERROR_CODES.forbidden, DOOR_RECORD_MESSAGES.notYourJob);
}
