import { Button, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { Report } from '@cincy/contracts';
import { formatCurrency } from '../../lib/format';
import { downloadTextFile } from './download-file';
import { reportCsv, reportCsvFileName, totalFigures, type ReportTable } from './reports-csv.util';
import {
  BUCKET_LABELS,
  REPORT_TEXTS,
  minutesText,
  periodLabel,
  slaCellText,
  type ReportFigures,
} from './reports.util';

interface Row extends ReportFigures {
  key: string;
  label: string;
}

/** The figure columns both tables share, after the row's label; the Total row uses them too. */
const FIGURES: { key: string; title: string; cell: (f: ReportFigures) => ReactNode }[] = [
  { key: 'jobs', title: 'Jobs completed', cell: (f) => f.jobsCompleted },
  { key: 'closed', title: 'Closed without service', cell: (f) => f.jobsClosedWithoutService },
  { key: 'batteries', title: 'Batteries installed', cell: (f) => f.batteriesInstalled },
  { key: 'revenue', title: 'Revenue', cell: (f) => formatCurrency(f.revenue) },
  { key: 'travel', title: 'Avg travel', cell: (f) => minutesText(f.averageTravelMinutes) },
  { key: 'install', title: 'Avg install', cell: (f) => minutesText(f.averageInstallMinutes) },
  { key: 'asap', title: 'ASAP jobs', cell: (f) => f.sla.asapJobs },
  { key: 'sla30', title: 'Within 30 min', cell: (f) => slaCellText(f.sla, 30) },
  { key: 'sla45', title: 'Within 45 min', cell: (f) => slaCellText(f.sla, 45) },
  { key: 'sla60', title: 'Within 60 min', cell: (f) => slaCellText(f.sla, 60) },
];

const FIGURE_COLUMNS: ColumnsType<Row> = FIGURES.map(({ key, title, cell }) => ({
  key,
  title,
  align: 'right',
  render: (_, row) => cell(row),
}));

const PAGE_ROWS = 31;

const TABLE_TITLES: Record<ReportTable, string> = {
  periods: 'Per period',
  technicians: 'Per technician',
};

/** A report's rows for one table, labelled as shown. */
function tableRows(report: Report, table: ReportTable): Row[] {
  return table === 'periods'
    ? report.series.map((p) => ({
        ...p,
        key: p.period,
        label: periodLabel(p.period, report.bucket),
      }))
    : report.technicians.map((t) => ({
        ...t,
        key: String(t.technicianId ?? 'none'),
        label: t.name,
      }));
}

/**
 * "Per period" or "Per technician": the figures of each row, a Total row (as the CSV's), and
 * Download CSV. Scrolls sideways on a phone.
 */
export function ReportTableCard({ report, table }: { report: Report; table: ReportTable }) {
  const rows = tableRows(report, table);
  const total = totalFigures(rows, report.totals);
  const titleId = `report-${table}-title`;
  const columns: ColumnsType<Row> = [
    {
      key: 'label',
      title: table === 'periods' ? BUCKET_LABELS[report.bucket] : 'Technician',
      dataIndex: 'label',
      fixed: 'left',
    },
    ...FIGURE_COLUMNS,
  ];
  const download = () =>
    downloadTextFile(reportCsvFileName(report, table), reportCsv(report, table));

  return (
    <Card
      size="small"
      title={
        <span role="heading" aria-level={2} id={titleId}>
          {TABLE_TITLES[table]}
        </span>
      }
      extra={
        <Button
          size="small"
          onClick={download}
          aria-label={`${REPORT_TEXTS.downloadCsv}: ${TABLE_TITLES[table]}`}
        >
          {REPORT_TEXTS.downloadCsv}
        </Button>
      }
      aria-labelledby={titleId}
    >
      <Table<Row>
        columns={columns}
        dataSource={rows}
        rowKey="key"
        size="small"
        // A 90-day report by day is 90 rows: a month to a page keeps the Total row in sight.
        pagination={
          rows.length > PAGE_ROWS ? { pageSize: PAGE_ROWS, showSizeChanger: false } : false
        }
        scroll={{ x: 'max-content' }}
        aria-label={TABLE_TITLES[table]}
        summary={() => (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>Total</Typography.Text>
              </Table.Summary.Cell>
              {FIGURES.map(({ key, cell }, i) => (
                <Table.Summary.Cell key={key} index={i + 1} align="right">
                  <Typography.Text strong>{cell(total)}</Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </Card>
  );
}
