import { useState } from 'react';
import { Alert, Button, Empty, Flex, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { testPrintout, type ServiceHistoryRow } from '@cincy/contracts';
import { useCustomerServiceRecords } from '../../hooks/use-customer-service-records';
import { formatCurrency, formatDateTime } from '../../lib/format';
import { compareDate, compareNumber, compareText } from '../../lib/sort';
import { JobPhotos } from '../../components/job-photos';
import { BatteryChainDrawer } from './battery-chain-drawer';
import { CUSTOMER_DB_MESSAGES, NONE, serviceLabel } from './customer-database.util';
import { CustomerPlaces } from './customer-places';
import { CustomerVisitsList } from './customer-visits';
import { historyVehicle, mileageText } from './customer-record.util';

/** A serial that opens its battery's page. */
function SerialLink({ serial, onOpen }: { serial: string | null; onOpen: (s: string) => void }) {
  if (!serial) return <>{NONE}</>;
  return (
    <Button
      type="link"
      size="small"
      onClick={() => onOpen(serial)}
      aria-label={`Battery ${serial}`}
    >
      <Typography.Text code>{serial}</Typography.Text>
    </Button>
  );
}

/**
 * Date, Technician, Vehicle, Service, Battery, Serial, Previous Serial, Mileage, Price, Battery
 * Tests (as the tester printed them), Notes;
 * newest first as the server sends them, and Date, Technician, Service and Price sort here.
 */
export function historyColumns(onSerial: (serial: string) => void): ColumnsType<ServiceHistoryRow> {
  return [
    {
      key: 'date',
      title: 'Date',
      sorter: (a, b) => compareDate(a.completedAt, b.completedAt),
      render: (_, r) => formatDateTime(r.completedAt),
    },
    {
      key: 'technician',
      title: 'Technician',
      sorter: (a, b) => compareText(a.technicianName, b.technicianName),
      render: (_, r) => r.technicianName || NONE,
    },
    { key: 'vehicle', title: 'Vehicle', render: (_, r) => historyVehicle(r) },
    {
      key: 'service',
      title: 'Service',
      sorter: (a, b) => compareText(serviceLabel(a.serviceCode), serviceLabel(b.serviceCode)),
      render: (_, r) => serviceLabel(r.serviceCode),
    },
    { key: 'model', title: 'Battery', render: (_, r) => r.batteryModel || NONE },
    {
      key: 'serial',
      title: 'Battery Serial',
      render: (_, r) => <SerialLink serial={r.batterySerialNumber} onOpen={onSerial} />,
    },
    {
      key: 'previous',
      title: 'Previous Serial',
      render: (_, r) => <SerialLink serial={r.previousBatterySerialNumber} onOpen={onSerial} />,
    },
    {
      key: 'mileage',
      title: 'Mileage',
      align: 'right',
      render: (_, r) => mileageText(r.vehicleMileage),
    },
    {
      key: 'price',
      title: 'Price',
      align: 'right',
      sorter: (a, b) => compareNumber(a.price, b.price),
      render: (_, r) => formatCurrency(r.price),
    },
    {
      key: 'tests',
      title: 'Battery Tests',
      render: (_, r) =>
        r.batteryTests.length === 0 ? (
          NONE
        ) : (
          <Flex vertical gap={4}>
            {r.batteryTests.map((test) => (
              <Typography.Text key={test.id} style={{ fontSize: 12, whiteSpace: 'pre' }}>
                {testPrintout(test).join('\n')}
              </Typography.Text>
            ))}
          </Flex>
        ),
    },
    { key: 'notes', title: 'Notes', render: (_, r) => r.completionNotes || NONE },
  ];
}

/**
 * The customer's record: their addresses and vehicles (when they are still a customer) and their
 * service records, newest first (the server's order); a serial opens its battery's page.
 */
export function ServiceHistoryDialog({
  customerId,
  customerName,
  places,
  open,
  onClose,
  afterClose,
}: {
  customerId: number;
  customerName: string;
  /** Null for a deleted customer's records: only the history stays. */
  places?: { canRemove: boolean } | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const records = useCustomerServiceRecords(customerId);
  const [serial, setSerial] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      title="Service History"
      onCancel={onClose}
      afterClose={afterClose}
      width={{ xs: '95vw', md: 1100 }}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <p>{customerName}</p>
      {places && (
        <Flex gap={24} wrap style={{ marginBottom: 16 }}>
          <div style={{ flex: '1 1 320px' }}>
            <CustomerPlaces customerId={customerId} kind="addresses" canRemove={places.canRemove} />
          </div>
          <div style={{ flex: '1 1 320px' }}>
            <CustomerPlaces customerId={customerId} kind="vehicles" canRemove={places.canRemove} />
          </div>
        </Flex>
      )}
      <CustomerVisitsList customerId={customerId} />
      {records.isError ? (
        <Alert
          type="error"
          title="Could not load the service history."
          action={<Button onClick={() => void records.refetch()}>Retry</Button>}
        />
      ) : (
        <Table<ServiceHistoryRow>
          columns={historyColumns(setSerial)}
          dataSource={records.data ?? []}
          rowKey="id"
          loading={records.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          // A visit's photos and signature, read when its row is opened.
          expandable={{
            columnTitle: 'Photos',
            expandedRowRender: (r) => <JobPhotos appointmentId={r.appointmentId} />,
          }}
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
      {serial && (
        <BatteryChainDrawer key={serial} serial={serial} open onClose={() => setSerial(null)} />
      )}
    </Modal>
  );
}
