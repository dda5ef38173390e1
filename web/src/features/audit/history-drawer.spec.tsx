import { renderToStaticMarkup } from 'react-dom/server';
import type { AuditEntry } from '@cincy/contracts';
import { HistoryButton } from './history-button';
import { HistoryEntries } from './history-drawer';

const entries: AuditEntry[] = [
  {
    id: 12,
    entity: 'customer',
    entityId: 4,
    action: 'deleted',
    summary: 'Customer deleted',
    actor: { id: 1, name: 'Alex Smith' },
    at: '2030-06-14T18:05:00.000Z',
    changes: [{ field: 'Phone', from: null, to: null, redacted: true }],
  },
  {
    id: 11,
    entity: 'customer',
    entityId: 4,
    action: 'updated',
    summary: 'Details changed',
    actor: { id: null, name: 'Customer' },
    at: '2030-06-13T14:00:00.000Z',
    changes: [{ field: 'Email', from: 'a@example.com', to: 'b@example.com', redacted: false }],
  },
];

const render = (list: readonly AuditEntry[]) =>
  renderToStaticMarkup(<HistoryEntries entries={list} label="History of the customer Jane" />);

describe('HistoryEntries', () => {
  it('lists each entry, newest first: summary, who, when and its changes', () => {
    const html = render(entries);
    expect(html).toContain(
      '<ol class="history-timeline" aria-label="History of the customer Jane">',
    );
    expect(html.match(/data-testid="history-entry"/g)).toHaveLength(2);
    expect(html.indexOf('Customer deleted')).toBeLessThan(html.indexOf('Details changed'));
    expect(html).toContain('by Alex Smith');
    expect(html).toContain('by Customer');
    expect(html).toContain(
      '<time dateTime="2030-06-14T18:05:00.000Z">Jun 14, 2030, 2:05 PM</time>',
    );
    expect(html).toContain('Email: a@example.com → b@example.com');
  });

  it("shows a deleted customer's data only as changed", () => {
    const html = render(entries);
    expect(html).toContain('class="history-redacted">Phone changed (removed with the customer)');
  });

  it('says so when there is no history yet', () => {
    const html = render([]);
    expect(html).toContain('No history yet');
    expect(html).not.toContain('history-timeline');
  });
});

describe('HistoryButton', () => {
  const button = (role: 'admin' | 'technician') =>
    renderToStaticMarkup(<HistoryButton user={{ role }} entity="item" id={3} name="H6 AGM" />);

  it('gives an admin History, named for its thing', () => {
    expect(button('admin')).toContain('aria-label="History: H6 AGM"');
    expect(button('admin')).toContain('>History<');
  });

  it('gives a technician nothing', () => {
    expect(button('technician')).toBe('');
  });
});
