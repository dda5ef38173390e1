import { renderToStaticMarkup } from 'react-dom/server';
import { REPORT_MESSAGES } from '@cincy/contracts';
import { REPORT, figures } from '../../../../test/report.fixture';
import { ApiRequestError } from '../../../api/request';
import { NAV_ITEMS } from '../frame/staff-nav';
import { ReportError, ReportView } from './reports-page';

const render = (report = REPORT) =>
  renderToStaticMarkup(<ReportView report={report} busy={false} />);

describe('the Reports screen', () => {
  it('draws each tile with its test id and its number unformatted', () => {
    const html = render();
    expect(html).toMatch(
      /data-testid="report-tile-revenue" data-value="1559.93"[^>]*>.*\$1,559.93/,
    );
    expect(html).toMatch(/role="group" aria-label="SLA within 45 min"[^>]*data-value="75"/);
    expect(html).toContain('3 of 4 ASAP jobs');
  });

  it('gives each table a Download CSV and a Total row', () => {
    const html = render();
    expect(html).toContain('aria-label="Download CSV: Per period"');
    expect(html).toContain('aria-label="Download CSV: Per technician"');
    expect(html.match(/>Total</g)).toHaveLength(2);
  });

  it('says a range without jobs is empty, with the tiles at zero and no tables', () => {
    const empty = { ...REPORT, totals: figures(), series: [], technicians: [] };
    const html = render(empty);
    expect(html).toContain('No jobs in this range');
    expect(html).toContain('data-testid="report-tile-jobs-completed" data-value="0"');
    expect(html).not.toContain('Download CSV');
  });

  it("shows a refused range in the server's words, with no Retry", () => {
    const refused = new ApiRequestError(400, 'Bad Request', {
      code: 'validation_failed',
      message: REPORT_MESSAGES.tooLong,
    });
    const html = renderToStaticMarkup(<ReportError error={refused} retry={() => undefined} />);
    expect(html).toContain(REPORT_MESSAGES.tooLong);
    expect(html).not.toContain('Retry');
  });

  it('is in the navigation for admins only', () => {
    expect(NAV_ITEMS.find((item) => item.to === '/reports')?.roles).toEqual(['admin']);
  });
});
