import {
  CLOSED_STATUSES,
  type AppointmentStatus,
  type DashboardAppointment,
  type GeoPoint,
  type UserLocation,
} from '@cincy/contracts';

/** Marker colours by status (declined and cancelled are never drawn; grey like completed). */
export const MARKER_COLORS: Record<AppointmentStatus, string> = {
  pending: '#f59e0b',
  assigned: '#2563eb',
  accepted: '#7c3aed',
  en_route: '#0891b2',
  on_location: '#16a34a',
  completed: '#6b7280',
  declined: '#6b7280',
  cancelled: '#6b7280',
};

export type MappedAppointment = DashboardAppointment & { customerLocation: GeoPoint };
export type MappedTechnician = UserLocation & { currentLocation: GeoPoint };

/** Open appointments with coordinates: completed and declined ones are left off. */
export function mapAppointments(
  appointments: readonly DashboardAppointment[],
): MappedAppointment[] {
  return appointments.filter(
    (a): a is MappedAppointment =>
      a.customerLocation !== null &&
      !(CLOSED_STATUSES as readonly AppointmentStatus[]).includes(a.status),
  );
}

/** Only technicians with status online and a known location are drawn. */
export function mapTechnicians(users: readonly UserLocation[]): MappedTechnician[] {
  return users.filter(
    (u): u is MappedTechnician =>
      u.role === 'technician' && u.status === 'online' && u.currentLocation !== null,
  );
}

/** Every point drawn, for fitting the view around them. */
export function mapPoints(
  appointments: readonly MappedAppointment[],
  technicians: readonly MappedTechnician[],
): [number, number][] {
  return [
    ...appointments.map((a): [number, number] => [a.customerLocation.lat, a.customerLocation.lng]),
    ...technicians.map((t): [number, number] => [t.currentLocation.lat, t.currentLocation.lng]),
  ];
}

/** 'Jane Q. Public' -> 'JP': the technician marker's label. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * The URL of the one tile under `point` at `zoom`, from a Leaflet URL template: the map loads one
 * tile first and adds the tile layer only when it comes, so with no connection to the tile server
 * the console shows one failed request instead of a screenful.
 */
export function tileUrlAt(template: string, point: GeoPoint, zoom: number): string {
  const n = 2 ** zoom;
  const x = Math.floor(((point.lng + 180) / 360) * n);
  const lat = (point.lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
  return template
    .replace('{s}', 'a')
    .replace('{z}', String(zoom))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', '');
}

/** For the markers' HTML (names come from public bookings). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
