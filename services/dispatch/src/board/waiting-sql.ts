/**
 * A job waiting in the ASAP queue (open, ASAP, the van not gone), as SQL on `alias`: the
 * predicate of board_queue_waiting_idx, so every read of the waiting jobs is by that index and
 * reads them only, not every open job (ADR 0106).
 */
export const waitingSql = (alias: string) =>
  `${alias}.closed_at IS NULL AND (${alias}.preferred_time = 'ASAP' OR ${alias}.scheduled_date IS NULL)
   AND ${alias}.status IN ('pending', 'assigned', 'accepted')`;
