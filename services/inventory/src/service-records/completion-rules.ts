import { Actor, ERROR_CODES, ErrorCode, ServiceRecordInput } from '@cincy/contracts';

export interface Refusal {
  code: ErrorCode;
  message: string;
  field?: string;
}

/** What inventory knows of the job being completed (its copy of dispatch's state). */
export interface JobCopy {
  customerId: number;
  status: string;
  technicianId: number | null;
}

export const COMPLETION_MESSAGES = {
  notFound: 'Appointment not found',
  otherCustomer: 'This appointment belongs to another customer.',
  alreadyCompleted: 'This job has already been completed.',
  notOnLocation: 'Mark the job On Location before completing it.',
  notYours: "Only the job's technician can complete it.",
  serialNotInHistory:
    "The previous battery serial number was not found in this customer's service history.",
  outOfStock: 'That battery is out of stock. Choose another one.',
  itemNotFound: 'That battery is not in the inventory.',
} as const;

/**
 * May `actor` complete the job with this record? Only a job that is on location, by its
 * technician (an admin acts for them, as the completion dialog does), once.
 */
export function checkCompletion(
  job: JobCopy | null,
  record: Pick<ServiceRecordInput, 'customerId'>,
  actor: Actor,
  alreadyRecorded: boolean,
): Refusal | null {
  if (!job) return { code: ERROR_CODES.notFound, message: COMPLETION_MESSAGES.notFound };
  if (job.customerId !== record.customerId) {
    return {
      code: ERROR_CODES.validation,
      message: COMPLETION_MESSAGES.otherCustomer,
      field: 'customerId',
    };
  }
  if (alreadyRecorded || job.status === 'completed') {
    return { code: ERROR_CODES.conflict, message: COMPLETION_MESSAGES.alreadyCompleted };
  }
  // A job nobody has accepted has no technician yet: it is refused below as not on location,
  // which the client may retry once the acceptance reaches this copy.
  const othersJob = job.technicianId !== null && job.technicianId !== actor.id;
  if (othersJob && actor.role !== 'admin') {
    return { code: ERROR_CODES.forbidden, message: COMPLETION_MESSAGES.notYours };
  }
  if (job.status !== 'on_location') {
    return { code: ERROR_CODES.conflict, message: COMPLETION_MESSAGES.notOnLocation };
  }
  return null;
}
