import {
  isClosed,
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
    (a): a is MappedAppointment => a.customerLocation !== null && !isClosed(a.status),
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

/** Above this many jobs the map groups them (a big day): fewer, the map shows each one. */
export const CLUSTER_FROM = 51;
/** The side of a clustering cell, in screen pixels: markers closer than about this merge. */
export const CLUSTER_CELL_PX = 56;

export interface MarkerCluster<T> {
  /** The cell it stands for at this zoom: stable while the view only pans. */
  key: string;
  members: T[];
  /** The members' mean position, where the cluster is drawn. */
  center: GeoPoint;
  /** South-west and north-east corners around the members (to zoom to them). */
  bounds: [[number, number], [number, number]];
}

/**
 * Groups markers whose screen positions (`pixelOf`, at the map's current zoom) fall in the same
 * `cell`-pixel square: a thousand jobs become a few dozen markers, recounted as the map zooms.
 * Clusters come in the order of their first member.
 */
export function clusterByCell<T>(
  items: readonly T[],
  positionOf: (item: T) => GeoPoint,
  pixelOf: (point: GeoPoint) => { x: number; y: number },
  cell: number,
): MarkerCluster<T>[] {
  const cells = new Map<string, T[]>();
  for (const item of items) {
    const { x, y } = pixelOf(positionOf(item));
    const key = `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
    const members = cells.get(key);
    if (members) members.push(item);
    else cells.set(key, [item]);
  }
  return [...cells].map(([key, members]) => {
    let lat = 0;
    let lng = 0;
    const south = [Infinity, Infinity] as [number, number];
    const north = [-Infinity, -Infinity] as [number, number];
    for (const member of members) {
      const p = positionOf(member);
      lat += p.lat;
      lng += p.lng;
      south[0] = Math.min(south[0], p.lat);
      south[1] = Math.min(south[1], p.lng);
      north[0] = Math.max(north[0], p.lat);
      north[1] = Math.max(north[1], p.lng);
    }
    return {
      key,
      members,
      center: { lat: lat / members.length, lng: lng / members.length },
      bounds: [south, north],
    };
  });
}
