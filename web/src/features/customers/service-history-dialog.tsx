import { Alert, Button, Empty, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ServiceRecord } from '@cincy/contracts';
import { useCustomerServiceRecords } from '../../hooks/use-customer-service-records';
import { formatDateTime } from '../../lib/format';
import { compareDate, compareText } from '../../lib/sort';
import { CUSTOMER_DB_MESSAGES, NONE, serviceLabel, vehicleText } from './customer-database.util';

/** Newest first as the server sends them; Date, Service and Technician sort here too. */
const COLUMNS: ColumnsType<ServiceRecord> = [
  {
    key: 'date',
    title: 'Date',
    sorter: (a, b) => compareDate(a.completedAt, b.completedAt),
    render: (_, r) => formatDateTime(r.completedAt),
  },
  {
    key: 'service',
    title: 'Service',
    sorter: (a, b) => compareText(serviceLabel(a.serviceCode), serviceLabel(b.serviceCode)),
    render: (_, r) => serviceLabel(r.serviceCode),
  },
  {
    key: 'technician',
    title: 'Technician',
    sorter: (a, b) => compareText(a.technicianName, b.technicianName),
    render: (_, r) => r.technicianName || NONE,
  },
  {
    key: 'serial',
    title: 'Battery Serial',
    render: (_, r) => <Typography.Text code>{r.batterySerialNumber || NONE}</Typography.Text>,
  },
  { key: 'vehicle', title: 'Vehicle', render: (_, r) => vehicleText(r) || NONE },
  { key: 'notes', title: 'Notes', render: (_, r) => r.completionNotes || NONE },
];

/** The customer's service records, newest first (the server's order). */
export function ServiceHistoryDialog({
  customerId,
  customerName,
  open,
  onClose,
  afterClose,
}: {
  customerId: number;
  customerName: string;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const records = useCustomerServiceRecords(customerId);
  return (
    <Modal
      open={open}
      title="Service History"
      onCancel={onClose}
      afterClose={afterClose}
      width={{ xs: '95vw', md: 900 }}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <p>{customerName}</p>
      {records.isError ? (
        <Alert
          type="error"
          title="Could not load the service history."
          action={<Button onClick={() => void records.refetch()}>Retry</Button>}
        />
      ) : (
        <Table<ServiceRecord>
          columns={COLUMNS}
          dataSource={records.data ?? []}
          rowKey="id"
          loading={records.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          aria-label={`Service history of ${customerName}`}
          locale={{
            emptyText: records.isPending ? (
              ' '
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={<strong>{CUSTOMER_DB_MESSAGES.noHistory}</strong>}
              />
            ),
          }}
        />
      )}
    </Modal>
  );
}
