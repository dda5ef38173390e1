import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatPhone, type CustomerSummary } from '@cincy/contracts';
import { formatDate } from '../../lib/format';
import { compareDate, compareNumber, compareText } from '../../lib/sort';
import { CUSTOMER_DB_MESSAGES, NONE, type BatteryRow } from './customer-database.util';

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function PhoneLink({ phone }: { phone: string | null }) {
  return phone ? <a href={telHref(phone)}>{formatPhone(phone)}</a> : <>{NONE}</>;
}

/** A column's sorter, only when every row is on screen (`sortable`): a page is no whole list. */
const sortBy = <T,>(sortable: boolean, compare: (a: T, b: T) => number) =>
  sortable ? compare : undefined;

/**
 * Customer mode: Customer, Phone, Total Jobs, Last Service, Actions. The server pages the list
 * by name; once every page is loaded (`sortable`) the columns also sort here.
 */
export function customerColumns(
  actions: (customer: CustomerSummary) => ReactNode,
  sortable = false,
): ColumnsType<CustomerSummary> {
  return [
    {
      key: 'customer',
      title: 'Customer',
      sorter: sortBy<CustomerSummary>(sortable, (a, b) => compareText(a.name, b.name)),
      render: (_, c) => (
        <Flex vertical>
          <Typography.Text strong>{c.name}</Typography.Text>
          {c.email && <Typography.Text type="secondary">{c.email}</Typography.Text>}
        </Flex>
      ),
    },
    { key: 'phone', title: 'Phone', render: (_, c) => <PhoneLink phone={c.phone} /> },
    {
      key: 'jobs',
      title: 'Total Jobs',
      align: 'right',
      sorter: sortBy<CustomerSummary>(sortable, (a, b) => compareNumber(a.totalJobs, b.totalJobs)),
      render: (_, c) => c.totalJobs,
    },
    {
      key: 'last',
      title: 'Last Service',
      sorter: sortBy<CustomerSummary>(sortable, (a, b) =>
        compareDate(a.lastServiceAt, b.lastServiceAt),
      ),
      render: (_, c) => formatDate(c.lastServiceAt),
    },
    { key: 'actions', title: 'Actions', render: (_, c) => actions(c) },
  ];
}

/**
 * Battery mode: Customer, Phone, Battery Serial, Vehicle, Last Service (the record's), Actions.
 * One answer holds every match, so the columns sort here.
 */
export function batteryColumns(
  actions: (row: BatteryRow) => ReactNode,
  /** Opens the battery's page (its chain of installs). */
  onSerial?: (serial: string) => void,
): ColumnsType<BatteryRow> {
  return [
    {
      key: 'customer',
      title: 'Customer',
      sorter: (a, b) => compareText(a.customer?.name, b.customer?.name),
      render: (_, r) =>
        r.customer ? (
          <Typography.Text strong>{r.customer.name}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{CUSTOMER_DB_MESSAGES.deletedCustomer}</Typography.Text>
        ),
    },
    {
      key: 'phone',
      title: 'Phone',
      render: (_, r) => <PhoneLink phone={r.customer?.phone ?? null} />,
    },
    {
      key: 'serial',
      title: 'Battery Serial',
      sorter: (a, b) => compareText(a.serial, b.serial),
      render: (_, r) =>
        onSerial && r.serial !== NONE ? (
          <Button
            type="link"
            size="small"
            onClick={() => onSerial(r.serial)}
            aria-label={`Battery ${r.serial}: its history`}
          >
            <Typography.Text code>{r.serial}</Typography.Text>
          </Button>
        ) : (
          <Typography.Text code>{r.serial}</Typography.Text>
        ),
    },
    {
      key: 'vehicle',
      title: 'Vehicle',
      sorter: (a, b) => compareText(a.vehicle, b.vehicle),
      render: (_, r) => r.vehicle,
    },
    {
      key: 'last',
      title: 'Last Service',
      sorter: (a, b) => compareDate(a.lastService, b.lastService),
      render: (_, r) => formatDate(r.lastService),
    },
    { key: 'actions', title: 'Actions', render: (_, r) => actions(r) },
  ];
}
