import { renderToStaticMarkup } from 'react-dom/server';
import { OfflineSinceMark, SILENT_AFTER_MS, offlineSince } from './offline-since';

const NOW = Date.parse('2030-06-14T18:30:00.000Z'); // 2:30 PM in Cincinnati
const seen = (msAgo: number) => [{ id: 7, lastSeen: new Date(NOW - msAgo).toISOString() }];

describe('offlineSince', () => {
  it('names when a technician on a job was last heard of, once silent 10 minutes', () => {
    const job = { status: 'en_route' as const, technicianId: 7 };
    expect(offlineSince(job, seen(SILENT_AFTER_MS - 1_000), NOW)).toBeNull();
    const since = offlineSince(job, seen(16 * 60_000), NOW);
    expect(since?.toISOString()).toBe('2030-06-14T18:14:00.000Z');
    expect(renderToStaticMarkup(<OfflineSinceMark since={since} now={NOW} />)).toContain(
      'Offline since 2:14 PM',
    );
  });

  it('says nothing of a job not under way, or of a technician never heard of', () => {
    expect(
      offlineSince({ status: 'assigned', technicianId: 7 }, seen(60 * 60_000), NOW),
    ).toBeNull();
    expect(
      offlineSince({ status: 'en_route', technicianId: 8 }, seen(60 * 60_000), NOW),
    ).toBeNull();
  });
});
