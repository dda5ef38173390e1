import type { ReactNode } from 'react';
import type { CustomerSummary } from '@cincy/contracts';
import type { DataColumn } from '../../components/data-table';
import { formatDate } from '../../lib/format';
import { CUSTOMER_DB_MESSAGES, NONE, type BatteryRow } from './customer-database.util';

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function PhoneLink({ phone }: { phone: string | null }) {
  return phone ? <a href={telHref(phone)}>{phone}</a> : <>{NONE}</>;
}

/** Customer mode: Customer, Phone, Total Jobs, Last Service, Actions. */
export function customerColumns(
  actions: (customer: CustomerSummary) => ReactNode,
): DataColumn<CustomerSummary>[] {
  return [
    {
      key: 'customer',
      header: 'Customer',
      label: '',
      cell: (c) => (
        <div className="cell-primary">
          <span className="cell-title">{c.name}</span>
          {c.email && <span className="cell-sub">{c.email}</span>}
        </div>
      ),
    },
    { key: 'phone', header: 'Phone', cell: (c) => <PhoneLink phone={c.phone} /> },
    { key: 'jobs', header: 'Total Jobs', kind: 'number', cell: (c) => c.totalJobs },
    { key: 'last', header: 'Last Service', cell: (c) => formatDate(c.lastServiceAt) },
    { key: 'actions', header: 'Actions', label: '', kind: 'actions', cell: actions },
  ];
}

/** Battery mode: Customer, Phone, Battery Serial, Vehicle, Last Service (the record's), Actions. */
export function batteryColumns(actions: (row: BatteryRow) => ReactNode): DataColumn<BatteryRow>[] {
  return [
    {
      key: 'customer',
      header: 'Customer',
      label: '',
      cell: (r) =>
        r.customer ? (
          <span className="cell-title">{r.customer.name}</span>
        ) : (
          <span className="muted">{CUSTOMER_DB_MESSAGES.deletedCustomer}</span>
        ),
    },
    { key: 'phone', header: 'Phone', cell: (r) => <PhoneLink phone={r.customer?.phone ?? null} /> },
    {
      key: 'serial',
      header: 'Battery Serial',
      cell: (r) => <span className="mono">{r.serial}</span>,
    },
    { key: 'vehicle', header: 'Vehicle', cell: (r) => r.vehicle },
    { key: 'last', header: 'Last Service', cell: (r) => formatDate(r.lastService) },
    { key: 'actions', header: 'Actions', label: '', kind: 'actions', cell: actions },
  ];
}
