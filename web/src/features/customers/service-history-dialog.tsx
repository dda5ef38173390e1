import type { ServiceRecord } from '@cincy/contracts';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useCustomerServiceRecords } from '../../hooks/use-customer-service-records';
import { formatDateTime } from '../../lib/format';
import { CUSTOMER_DB_MESSAGES, NONE, serviceLabel, vehicleText } from './customer-database.util';

const COLUMNS: readonly DataColumn<ServiceRecord>[] = [
  { key: 'date', header: 'Date', cell: (r) => formatDateTime(r.completedAt) },
  { key: 'service', header: 'Service', cell: (r) => serviceLabel(r.serviceCode) },
  { key: 'technician', header: 'Technician', cell: (r) => r.technicianName || NONE },
  {
    key: 'serial',
    header: 'Battery Serial',
    cell: (r) => <span className="mono">{r.batterySerialNumber || NONE}</span>,
  },
  { key: 'vehicle', header: 'Vehicle', cell: (r) => vehicleText(r) || NONE },
  {
    key: 'notes',
    header: 'Notes',
    cell: (r) => <span className="cell-notes">{r.completionNotes || NONE}</span>,
  },
];

/** The customer's service records, newest first (the server's order). */
export function ServiceHistoryDialog({
  customerId,
  customerName,
  onClose,
}: {
  customerId: number;
  customerName: string;
  onClose: () => void;
}) {
  const records = useCustomerServiceRecords(customerId);
  return (
    <Dialog
      title="Service History"
      description={customerName}
      onClose={onClose}
      className="dialog-lg"
    >
      <div className="dialog-body">
        {records.isPending ? (
          <LoadingIndicator label="Loading service history..." />
        ) : records.isError ? (
          <div className="banner banner-error" role="alert">
            <span>Could not load the service history.</span>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => void records.refetch()}
            >
              Retry
            </button>
          </div>
        ) : (
          <DataTable
            caption={`Service history of ${customerName}`}
            columns={COLUMNS}
            rows={records.data}
            rowKey={(r) => r.id}
            empty={<strong>{CUSTOMER_DB_MESSAGES.noHistory}</strong>}
            busy={records.isFetching}
          />
        )}
      </div>
      <div className="dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
