import { formatEta, type DashboardAppointment, type QueueEntry } from '@cincy/contracts';

/** 'about 12 min wait', or why there is no estimate (a queue entry). */
export function waitText(entry: Pick<QueueEntry, 'estimatedWaitMinutes'>): string {
  return entry.estimatedWaitMinutes === null
    ? 'No technician on shift'
    : `${formatEta(entry.estimatedWaitMinutes)} wait`;
}

/** How each dispatch mode reads on the board. */
export function modeText(autoDispatch: boolean): string {
  return autoDispatch
    ? 'Auto-dispatch is on: new ASAP jobs go to the best free technician.'
    : 'Auto-dispatch is off: dispatch assigns jobs, or technicians accept them.';
}

/** 'Handed back by Dana: flat tire'. */
export const handBackText = (handBack: NonNullable<DashboardAppointment['handBack']>) =>
  `Handed back by ${handBack.by}: ${handBack.reason}`;
