import type { AppointmentStatus, DashboardAppointment, UserLocation } from '@cincy/contracts';
import {
  MARKER_COLORS,
  escapeHtml,
  initials,
  mapAppointments,
  mapPoints,
  mapTechnicians,
  tileUrlAt,
} from './map.util';

const at = { lat: 39.1, lng: -84.5 };

const appointment = (id: number, status: AppointmentStatus, located = true) =>
  ({ id, status, customerLocation: located ? at : null }) as DashboardAppointment;

const user = (id: number, extra: Partial<UserLocation>): UserLocation => ({
  id,
  name: `User ${id}`,
  username: `user${id}`,
  role: 'technician',
  status: 'online',
  currentLocation: at,
  lastSeen: null,
  ...extra,
});

describe('map', () => {
  it('colours markers by status as the spec says', () => {
    expect(MARKER_COLORS).toMatchObject({
      pending: '#f59e0b', // amber
      assigned: '#2563eb', // blue
      accepted: '#7c3aed', // purple
      en_route: '#0891b2', // cyan
      on_location: '#16a34a', // green
      completed: '#6b7280', // grey
    });
  });

  it('draws open appointments with coordinates, never completed or declined ones', () => {
    const drawn = mapAppointments([
      appointment(1, 'pending'),
      appointment(2, 'on_location'),
      appointment(3, 'completed'),
      appointment(4, 'declined'),
      appointment(5, 'pending', false),
    ]);
    expect(drawn.map((a) => a.id)).toEqual([1, 2]);
  });

  it('draws only technicians who are online with a known location', () => {
    const drawn = mapTechnicians([
      user(1, {}),
      user(2, { status: 'offline' }),
      user(3, { status: 'available' }),
      user(4, { currentLocation: null }),
      user(5, { role: 'admin' }),
    ]);
    expect(drawn.map((u) => u.id)).toEqual([1]);
  });

  it('fits around every drawn point', () => {
    const points = mapPoints(mapAppointments([appointment(1, 'pending')]), [
      user(2, { currentLocation: { lat: 39.2, lng: -84.6 } }) as never,
    ]);
    expect(points).toEqual([
      [39.1, -84.5],
      [39.2, -84.6],
    ]);
  });

  it('fills a tile URL template for the tile under a point', () => {
    expect(
      tileUrlAt('https://{s}.tile.example/{z}/{x}/{y}{r}.png', { lat: 39.1, lng: -84.51 }, 12),
    ).toBe('https://a.tile.example/12/1086/1563.png');
  });

  it('labels a technician marker with initials', () => {
    expect(initials('Terry Q. Tech')).toBe('TT');
    expect(initials('cher')).toBe('C');
    expect(initials('  ')).toBe('?');
  });

  it("escapes names for the markers' HTML", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    );
  });
});
