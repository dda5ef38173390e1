export const APPOINTMENT_STATUSES = [
  'pending',
  'assigned',
  'accepted',
  'en_route',
  'on_location',
  'completed',
  'declined',
  /** By the customer, from their booking's page, before the technician set out (ADR 0090). */
  'cancelled',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** How every staff screen (the board, the day, the History drawer) names a status. */
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  accepted: 'Accepted',
  en_route: 'En Route',
  on_location: 'On Location',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/** A technician's own job is "active" while in one of these. */
export const ACTIVE_JOB_STATUSES = ['accepted', 'en_route', 'on_location'] as const;
export const CLOSED_STATUSES = ['completed', 'declined', 'cancelled'] as const;
/** Closed without the service: the visit gave its hour back and is no job of the customer's. */
export const CALLED_OFF_STATUSES = ['declined', 'cancelled'] as const;

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const ROLES = ['admin', 'technician'] as const;
export type Role = (typeof ROLES)[number];

/** Service codes as stored and listed in history. */
export const SERVICE_CODES = [
  'battery_installed',
  'test_only',
  'no_service',
  'warranty_replacement',
] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];

/** The completion dialog's spelling of the same codes, and its labels. */
export const DIALOG_SERVICE_CODES = [
  'battery installed',
  'battery test',
  'no service',
  'warranty replacement',
] as const;
export type DialogServiceCode = (typeof DIALOG_SERVICE_CODES)[number];

export const DIALOG_TO_SERVICE_CODE: Record<DialogServiceCode, ServiceCode> = {
  'battery installed': 'battery_installed',
  'battery test': 'test_only',
  'no service': 'no_service',
  'warranty replacement': 'warranty_replacement',
};

export const SERVICE_CODE_TO_DIALOG: Record<ServiceCode, DialogServiceCode> = {
  battery_installed: 'battery installed',
  test_only: 'battery test',
  no_service: 'no service',
  warranty_replacement: 'warranty replacement',
};

export const SERVICE_CODE_LABELS: Record<ServiceCode, string> = {
  battery_installed: 'Battery Installed',
  test_only: 'Battery Test',
  no_service: 'No Service Rendered',
  warranty_replacement: 'Warranty Replacement',
};

export const USER_STATUSES = ['available', 'online', 'offline'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
