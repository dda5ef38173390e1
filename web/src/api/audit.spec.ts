import { auditSearch, fetchAuditPage } from './audit';
import { fetchReport, reportSearch } from './reports';

const realFetch = globalThis.fetch;
let urls: string[];

beforeEach(() => {
  urls = [];
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0]) => {
    urls.push(String(input));
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the audit API', () => {
  it('asks for one thing, and for the page before an entry only when given', () => {
    expect(auditSearch({ entity: 'item', id: 4 })).toBe('?entity=item&id=4');
    expect(auditSearch({ entity: 'appointment', id: 12, before: 870 })).toBe(
      '?entity=appointment&id=12&before=870',
    );
  });

  it('GETs /api/audit', async () => {
    await fetchAuditPage({ entity: 'user', id: 3, before: 9 });
    expect(urls).toEqual(['/api/audit?entity=user&id=3&before=9']);
  });
});

describe('the reports API', () => {
  it('GETs /api/reports with both dates', async () => {
    expect(reportSearch({ from: '2026-10-27', to: '2026-11-25' })).toBe(
      '?from=2026-10-27&to=2026-11-25',
    );
    await fetchReport({ from: '2026-01-01', to: '2026-11-25' });
    expect(urls).toEqual(['/api/reports?from=2026-01-01&to=2026-11-25']);
  });
});
