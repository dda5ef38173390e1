import { Alert, Button, Card, Empty, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatPhone, type DueTest } from '@cincy/contracts';
import { QUERY_KEYS } from '../../api/query-keys';
import { fetchDueTests } from '../../api/warranty';
import { formatDate } from '../../lib/format';

/**
 * Batteries due for a test (admins, issue 37): installed three years ago or more and still in the
 * car. Each customer is offered a free test by email and text then; the office can call too.
 */
export function DueTestsCard() {
  const due = useQuery({
    queryKey: QUERY_KEYS.dueTests,
    queryFn: ({ signal }) => fetchDueTests(signal),
  });
  return (
    <Card
      role="region"
      aria-labelledby="due-tests-title"
      title={
        <span role="heading" aria-level={2} id="due-tests-title">
          Due for a battery test
        </span>
      }
    >
      {due.isError && !due.data ? (
        <Alert
          type="error"
          title="Could not load the batteries due for a test."
          action={<Button onClick={() => void due.refetch()}>Retry</Button>}
        />
      ) : (
        <Table<DueTest>
          size="small"
          rowKey="appointmentId"
          loading={due.isPending}
          dataSource={due.data ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          aria-label="Batteries due for a test"
          locale={{
            emptyText: due.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No battery is due yet" />
            ),
          }}
          columns={[
            { title: 'Installed', render: (_, d) => formatDate(d.installedAt) },
            { title: 'Customer', render: (_, d) => d.customer?.name ?? '—' },
            {
              title: 'Phone',
              render: (_, d) =>
                d.customer ? (
                  <a href={`tel:${d.customer.phone}`}>{formatPhone(d.customer.phone)}</a>
                ) : (
                  '—'
                ),
            },
            { title: 'Battery', render: (_, d) => d.model ?? '—' },
            { title: 'Serial', dataIndex: 'serial' },
          ]}
        />
      )}
    </Card>
  );
}
