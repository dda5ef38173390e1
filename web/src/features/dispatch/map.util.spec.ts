import type { AppointmentStatus, DashboardAppointment, UserLocation } from '@cincy/contracts';
import {
  MARKER_COLORS,
  clusterByCell,
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

describe('clusterByCell', () => {
  // A flat projection for the test: 1,000 px per degree, y down.
  const pixelOf = (p: { lat: number; lng: number }) => ({ x: p.lng * 1000, y: -p.lat * 1000 });
  const job = (id: number, lat: number, lng: number) => ({ id, at: { lat, lng } });

  it('groups markers in the same screen cell, counts them and centres on them', () => {
    const jobs = [
      job(1, 39.11, -84.51),
      job(2, 39.111, -84.511), // 1 px away: the same 50 px cell
      job(3, 39.2, -84.6), // 100 px away
      job(4, 39.1102, -84.5104),
    ];
    const clusters = clusterByCell(jobs, (j) => j.at, pixelOf, 50);
    expect(clusters.map((c) => c.members.map((j) => j.id))).toEqual([[1, 2, 4], [3]]);
    const [three] = clusters;
    expect(three.center.lat).toBeCloseTo((39.11 + 39.111 + 39.1102) / 3, 6);
    expect(three.center.lng).toBeCloseTo((-84.51 - 84.511 - 84.5104) / 3, 6);
    expect(three.bounds).toEqual([
      [39.11, -84.511],
      [39.111, -84.51],
    ]);
  });

  it('splits a group as the cells shrink (zooming in) and keeps a key per cell', () => {
    const jobs = [job(1, 39.11, -84.51), job(2, 39.111, -84.511)];
    expect(clusterByCell(jobs, (j) => j.at, pixelOf, 50)).toHaveLength(1);
    const apart = clusterByCell(jobs, (j) => j.at, pixelOf, 0.5);
    expect(apart.map((c) => c.members.length)).toEqual([1, 1]);
    expect(new Set(apart.map((c) => c.key)).size).toBe(2);
  });

  it('brings a thousand jobs over a city down to a few dozen markers', () => {
    const jobs = Array.from({ length: 1000 }, (_, i) =>
      job(i, 39.0 + (i % 40) * 0.005, -84.7 + Math.floor(i / 40) * 0.016),
    );
    const clusters = clusterByCell(jobs, (j) => j.at, pixelOf, 56);
    expect(clusters.length).toBeLessThan(100);
    expect(clusters.reduce((n, c) => n + c.members.length, 0)).toBe(1000);
  });
});
