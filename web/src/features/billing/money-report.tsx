import { Button, Card, Col, Flex, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { INVOICE_STATUS_LABELS, type MoneyReport, type ReportQuery } from '@cincy/contracts';
import { QUERY_KEYS } from '../../api/query-keys';
import { fetchMoneyReport } from '../../api/reports';
import { fetchUsers } from '../../api/users';
import { downloadTextFile } from '../reports/download-file';
import { centsText, moneyCsv, moneyCsvFileName } from './money-report.util';

const METHOD_LABELS = { card: 'Card', cash: 'Cash', check: 'Check' } as const;

/** The Reports screen's money: invoiced vs collected, by technician and method, what is owed. */
export function MoneyReportCard({ range }: { range: ReportQuery }) {
  const money = useQuery({
    queryKey: QUERY_KEYS.moneyReport(range),
    queryFn: ({ signal }) => fetchMoneyReport(range, signal),
  });
  const users = useQuery({
    queryKey: QUERY_KEYS.users,
    queryFn: ({ signal }) => fetchUsers(signal),
  });
  const nameOf = (id: number | null) =>
    id === null ? '—' : (users.data?.find((u) => u.id === id)?.name ?? `Technician ${id}`);
  const report = money.data;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          Money
        </Typography.Title>
      }
      extra={
        report && (
          <Button
            onClick={() => downloadTextFile(moneyCsvFileName(range), moneyCsv(report, nameOf))}
          >
            Download CSV
          </Button>
        )
      }
      aria-busy={money.isFetching || undefined}
    >
      {money.isError ? (
        <Typography.Text type="danger">
          The money report could not be read. Try again.
        </Typography.Text>
      ) : !report ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <MoneyFigures report={report} nameOf={nameOf} />
      )}
    </Card>
  );
}

function MoneyFigures({
  report,
  nameOf,
}: {
  report: MoneyReport;
  nameOf: (id: number | null) => string;
}) {
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {(
          [
            ['invoiced', 'Invoiced', report.totals.invoicedCents],
            ['collected', 'Collected', report.totals.collectedCents],
            ['owed', `Owed now (${report.outstanding.count})`, report.outstanding.owedCents],
          ] as const
        ).map(([key, title, cents]) => (
          <Col key={key} xs={24} sm={8}>
            <Statistic title={title} value={centsText(cents)} data-testid={`money-${key}`} />
          </Col>
        ))}
      </Row>
      <Table
        size="small"
        pagination={false}
        caption="By technician"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No invoices in this range.' }}
        rowKey={(t) => String(t.technicianId)}
        dataSource={report.technicians}
        columns={[
          { title: 'Technician', render: (_, t) => nameOf(t.technicianId) },
          { title: 'Invoices', dataIndex: 'invoices' },
          { title: 'Invoiced', render: (_, t) => centsText(t.invoicedCents) },
          { title: 'Collected', render: (_, t) => centsText(t.collectedCents) },
        ]}
      />
      <Table
        size="small"
        pagination={false}
        caption="By method"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No payments in this range.' }}
        rowKey="method"
        dataSource={report.methods}
        columns={[
          { title: 'Method', render: (_, m) => METHOD_LABELS[m.method] },
          { title: 'Payments', dataIndex: 'payments' },
          { title: 'Received', render: (_, m) => centsText(m.receivedCents) },
          { title: 'Refunded', render: (_, m) => centsText(m.refundedCents) },
        ]}
      />
      <Table
        size="small"
        caption={`Owed now, oldest first${report.outstanding.count > report.outstanding.invoices.length ? ` (the ${report.outstanding.invoices.length} oldest of ${report.outstanding.count})` : ''}`}
        rowKey="invoiceId"
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={report.outstanding.invoices}
        locale={{ emptyText: 'Nothing is owed.' }}
        columns={[
          { title: 'Invoice', dataIndex: 'number' },
          { title: 'Age', render: (_, i) => `${i.ageDays} d` },
          { title: 'Technician', render: (_, i) => nameOf(i.technicianId) },
          {
            title: 'State',
            render: (_, i) =>
              INVOICE_STATUS_LABELS[i.owedCents < i.totalCents ? 'partially_paid' : 'open'],
          },
          { title: 'Owed', render: (_, i) => centsText(i.owedCents) },
        ]}
      />
    </Flex>
  );
}
