import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { businessDate, type Report, type ReportQuery } from '@cincy/contracts';
import { ApiRequestError, serverMessageOf } from '../../../api/request';
import { PageHeader } from '../../../components/page-header';
import { ReportRangePicker } from '../../../features/reports/report-range-picker';
import { MoneyReportCard } from '../../../features/billing/money-report';
import { ReportTableCard } from '../../../features/reports/report-tables';
import {
  BUCKET_LABELS,
  REPORT_TEXTS,
  defaultRange,
  isEmptyReport,
  reportTiles,
} from '../../../features/reports/reports.util';
import { useReport } from '../../../hooks/use-report';
import { formatScheduleDate } from '../../../features/schedules/schedule.util';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useNow } from '../../../hooks/use-now';
import { NotAllowedScreen } from '../not-allowed-screen';
import '../staff.css';

// The chart library is large: it downloads with this screen's charts, never with another page.
const ReportCharts = lazy(() =>
  import('../../../features/reports/report-charts').then((m) => ({ default: m.ReportCharts })),
);

/** Admins only: anyone else gets the not-allowed screen (and the server's 403). */
export function ReportsPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (user.role !== 'admin') return <NotAllowedScreen title={REPORT_TEXTS.title} who="admins" />;
  return <Reports />;
}

/** Jobs, batteries, revenue, SLA and times for a range of days: tiles, charts, tables, CSV. */
function Reports() {
  const now = useNow(60_000);
  const today = businessDate(new Date(now));
  // Null: the last 30 days, following the clock past midnight until a range is picked.
  const [picked, setPicked] = useState<ReportQuery | null>(null);
  const range = picked ?? defaultRange(today);
  const report = useReport(range);
  const data = report.isError ? undefined : report.data;

  return (
    <main className="page">
      <title>{`${REPORT_TEXTS.title} | Cincy Battery`}</title>
      <PageHeader
        title={REPORT_TEXTS.title}
        subtitle="Jobs, batteries, revenue and how fast ASAP customers were reached, by day and by technician."
      />
      <Flex vertical gap={16}>
        <Card size="small">
          <Flex gap={8} align="center" wrap>
            <ReportRangePicker value={range} today={today} onChange={setPicked} />
            <Typography.Text type="secondary" role="status">
              {report.isFetching && data
                ? 'Updating...'
                : data
                  ? `${formatScheduleDate(data.from)} – ${formatScheduleDate(data.to)}, by ${BUCKET_LABELS[data.bucket].toLowerCase()}`
                  : ''}
            </Typography.Text>
          </Flex>
        </Card>

        {report.isError ? (
          <ReportError error={report.error} retry={() => void report.refetch()} />
        ) : !data ? (
          <div role="status">
            <Typography.Paragraph type="secondary">{REPORT_TEXTS.loading}</Typography.Paragraph>
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        ) : (
          <ReportView report={data} busy={report.isFetching} />
        )}
        <MoneyReportCard range={range} />
      </Flex>
    </main>
  );
}

/** A refused range (400) says why, in the server's words; anything else offers Retry. */
export function ReportError({ error, retry }: { error: Error; retry: () => void }) {
  const refused = error instanceof ApiRequestError && error.status === 400;
  const message = serverMessageOf(error);
  return refused ? (
    <Alert type="warning" showIcon title={message ?? REPORT_TEXTS.loadFailed} />
  ) : (
    <Alert
      type="error"
      title={`${REPORT_TEXTS.loadFailed} ${message ?? error.message}`}
      action={<Button onClick={retry}>Retry</Button>}
    />
  );
}

export function ReportView({ report, busy }: { report: Report; busy: boolean }) {
  return (
    <Flex vertical gap={16} aria-busy={busy || undefined}>
      <ReportTiles report={report} />
      {isEmptyReport(report) ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={REPORT_TEXTS.empty} />
        </Card>
      ) : (
        <>
          <Suspense
            fallback={
              <Card size="small">
                <Skeleton active paragraph={{ rows: 5 }} />
              </Card>
            }
          >
            <ReportCharts report={report} />
          </Suspense>
          <ReportTableCard report={report} table="periods" />
          <ReportTableCard report={report} table="technicians" />
        </>
      )}
    </Flex>
  );
}

/**
 * The totals at a glance. Each tile is a group named by its title, with `data-testid`
 * `report-tile-<key>` and its number unformatted in `data-value` (as the CSV's Total row has it).
 */
function ReportTiles({ report }: { report: Report }) {
  return (
    <section aria-label="Totals">
      <Row gutter={[12, 12]}>
        {reportTiles(report.totals).map((tile) => (
          <Col key={tile.key} xs={12} sm={8} lg={6} xxl={3}>
            <Card
              size="small"
              role="group"
              aria-label={tile.title}
              data-testid={`report-tile-${tile.key}`}
              data-value={tile.value ?? ''}
              style={{ height: '100%' }}
            >
              <Statistic
                title={tile.title}
                value={tile.text}
                formatter={() => <span className="stat-value">{tile.text}</span>}
              />
              {tile.note && <Typography.Text type="secondary">{tile.note}</Typography.Text>}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
