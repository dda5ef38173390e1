import { Alert, Button, Card, Empty, Flex, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatDollars, type WarrantyClaim } from '@cincy/contracts';
import { QUERY_KEYS } from '../../api/query-keys';
import { fetchWarrantyClaims } from '../../api/warranty';
import { formatDate } from '../../lib/format';

const dollars = (cents: number) => formatDollars(cents / 100);

/**
 * Warranty claims (admins, on the Inventory screen): each battery replaced under warranty, the
 * one returned to its supplier and what the supplier owes for it.
 */
export function WarrantyClaimsCard() {
  const claims = useQuery({
    queryKey: QUERY_KEYS.warrantyClaims,
    queryFn: ({ signal }) => fetchWarrantyClaims(signal),
  });
  const data = claims.data;
  return (
    <Card
      role="region"
      aria-labelledby="warranty-claims-title"
      title={
        <span role="heading" aria-level={2} id="warranty-claims-title">
          Warranty claims
        </span>
      }
    >
      {claims.isError && !data ? (
        <Alert
          type="error"
          title="Could not load the warranty claims."
          action={<Button onClick={() => void claims.refetch()}>Retry</Button>}
        />
      ) : (
        <Flex vertical gap={12}>
          {/* With none, the table's own empty state says so (once). */}
          {data && data.count > 0 && (
            <Typography.Text data-testid="warranty-credit">
              {`${data.count} returned, ${dollars(data.creditCents)} owed by suppliers`}
            </Typography.Text>
          )}
          <Table<WarrantyClaim>
            size="small"
            rowKey="appointmentId"
            loading={claims.isPending}
            dataSource={data?.claims ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            aria-label="Warranty claims"
            locale={{
              emptyText: claims.isPending ? (
                ' '
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="No battery replaced under warranty yet"
                />
              ),
            }}
            columns={[
              { title: 'Opened', render: (_, c) => formatDate(c.openedAt) },
              {
                title: 'Status',
                render: (_, c) => (c.replacedAt ? `Replaced ${formatDate(c.replacedAt)}` : 'Open'),
              },
              { title: 'Returned serial', dataIndex: 'returnedSerial' },
              { title: 'Model', render: (_, c) => c.returnedModel ?? '—' },
              { title: 'Customer', render: (_, c) => c.customer?.name ?? '—' },
              { title: 'New serial', render: (_, c) => c.newSerial ?? '—' },
              { title: 'Credit', align: 'right', render: (_, c) => dollars(c.creditCents) },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}
