import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Radio, Table, Typography } from 'antd';
import type { CustomerSummary, SignedInUser } from '@cincy/contracts';
import { PageHeader } from '../../../components/page-header';
import { batteryColumns, customerColumns } from '../../../features/customers/customer-columns';
import {
  CUSTOMER_DB_MESSAGES,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MODES,
  emptyMessage,
  toBatteryRow,
  uniqueCustomers,
  type BatteryRow,
  type CustomerAction,
  type CustomerTarget,
  type SearchMode,
} from '../../../features/customers/customer-database.util';
import { useCustomerDeleteDialog } from '../../../features/customers/customer-delete-dialog';
import { CustomerEditDialog } from '../../../features/customers/customer-edit-dialog';
import { CustomerRowActions } from '../../../features/customers/customer-row-actions';
import { BatteryChainDrawer } from '../../../features/customers/battery-chain-drawer';
import { ServiceHistoryDialog } from '../../../features/customers/service-history-dialog';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useCustomers } from '../../../hooks/use-customers';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useModalTarget } from '../../../hooks/use-modal-target';
import { useSerialSearch } from '../../../hooks/use-serial-search';
import '../staff.css';

/** The dialog open over the table, and whose it is. */
interface OpenDialog {
  action: Exclude<CustomerAction, 'delete'>;
  customerId: number;
  customer: CustomerTarget | null;
  name: string;
}

type OnAction = (
  action: CustomerAction,
  customerId: number,
  customer: CustomerTarget | null,
  name: string,
) => void;

const SEARCH_COPY: Record<SearchMode, { label: string; placeholder: string }> = {
  customer: { label: 'Search customers', placeholder: 'Name, phone or email' },
  battery: { label: 'Battery serial number', placeholder: 'All or part of a serial number' },
};

const SEARCH_ID = 'customer-database-search';

export function CustomerDatabasePage() {
  const user = useCurrentUser();
  const [mode, setMode] = useState<SearchMode>('customer');
  // Each search keeps its own text: a name is no serial number.
  const [texts, setTexts] = useState<Record<SearchMode, string>>({ customer: '', battery: '' });
  const text = texts[mode];
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const typing = search !== text.trim();
  const dialog = useModalTarget<OpenDialog>();
  const confirmDelete = useCustomerDeleteDialog();
  const { show } = dialog;
  // The battery whose page is open (from Battery Search's serials).
  const [battery, setBattery] = useState<string | null>(null);
  const onAction = useCallback<OnAction>(
    (action, customerId, customer, name) => {
      if (action === 'delete') {
        if (customer) confirmDelete(customer);
      } else show({ action, customerId, customer, name });
    },
    [show, confirmDelete],
  );

  if (!user) return null;

  return (
    <main className="page">
      <title>Customer Database | Cincy Battery</title>
      <PageHeader
        title="Customer Database"
        subtitle="Search customers and their battery service history."
      />
      <Card role="region" aria-label="Customers">
        <Flex vertical gap={16}>
          <Flex wrap gap={16} align="end">
            <Radio.Group
              aria-label="Search by"
              optionType="button"
              buttonStyle="solid"
              value={mode}
              onChange={(e) => setMode(e.target.value as SearchMode)}
              options={SEARCH_MODES.map((m) => ({ value: m.mode, label: m.label }))}
            />
            <Flex vertical gap={4} flex="1 1 280px">
              <label htmlFor={SEARCH_ID}>
                <Typography.Text strong>{SEARCH_COPY[mode].label}</Typography.Text>
              </label>
              <Input.Search
                id={SEARCH_ID}
                allowClear
                autoComplete="off"
                spellCheck={false}
                inputMode="search"
                placeholder={SEARCH_COPY[mode].placeholder}
                value={text}
                loading={typing}
                onChange={(e) => setTexts((current) => ({ ...current, [mode]: e.target.value }))}
              />
            </Flex>
          </Flex>
          {mode === 'customer' ? (
            <CustomerResults user={user} search={search} typing={typing} onAction={onAction} />
          ) : (
            <BatteryResults
              user={user}
              search={search}
              typing={typing}
              onAction={onAction}
              onSerial={setBattery}
            />
          )}
        </Flex>
      </Card>

      {dialog.target?.action === 'history' && (
        <ServiceHistoryDialog
          customerId={dialog.target.customerId}
          customerName={dialog.target.name}
          places={dialog.target.customer ? { canRemove: user.privileged } : null}
          open={dialog.open}
          onClose={dialog.hide}
          afterClose={dialog.afterClose}
        />
      )}
      {battery && (
        <BatteryChainDrawer key={battery} serial={battery} open onClose={() => setBattery(null)} />
      )}
      {dialog.target?.action === 'edit' && dialog.target.customer && (
        <CustomerEditDialog
          key={dialog.target.customerId}
          customer={dialog.target.customer}
          open={dialog.open}
          onClose={dialog.hide}
          afterClose={dialog.afterClose}
        />
      )}
    </main>
  );
}

interface ResultsProps {
  user: SignedInUser;
  /** The settled search text. */
  search: string;
  /** The box holds text the search has not asked for yet. */
  typing: boolean;
  onAction: OnAction;
}

function ErrorBanner({ what, retry }: { what: string; retry: () => void }) {
  return (
    <Alert
      type="error"
      title={`Could not load ${what}.`}
      action={<Button onClick={retry}>Retry</Button>}
    />
  );
}

function emptyText(loading: boolean, message: string) {
  return loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={message} />;
}

function CustomerResults({ user, search, typing, onAction }: ResultsProps) {
  const customers = useCustomers(search);
  const rows = useMemo(() => uniqueCustomers(customers.data?.pages ?? []), [customers.data]);
  // Sorting here is honest only once every page is loaded; until then the server's name order.
  const complete = customers.isSuccess && !customers.hasNextPage;
  const columns = useMemo(
    () =>
      customerColumns((c: CustomerSummary) => {
        const target: CustomerTarget = { id: c.id, name: c.name, phone: c.phone, email: c.email };
        return (
          <CustomerRowActions
            user={user}
            customerId={c.id}
            customer={target}
            onAction={(action) => onAction(action, c.id, target, c.name)}
          />
        );
      }, complete),
    [user, onAction, complete],
  );

  if (customers.isError && !customers.data)
    return <ErrorBanner what="customers" retry={() => void customers.refetch()} />;

  const searching =
    customers.isPending || typing || (customers.isFetching && !customers.isFetchingNextPage);
  return (
    <Flex vertical gap={12}>
      {customers.isError && <ErrorBanner what="customers" retry={() => void customers.refetch()} />}
      <Table<CustomerSummary>
        columns={columns}
        dataSource={rows}
        rowKey="id"
        loading={customers.isPending || (searching && !typing)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label={search ? `Customers matching “${search}”` : 'Customers'}
        locale={{ emptyText: emptyText(searching, emptyMessage('customer', search)) }}
      />
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary" role="status">
          {searching
            ? 'Searching...'
            : `Showing ${rows.length} ${rows.length === 1 ? 'customer' : 'customers'}`}
        </Typography.Text>
        {customers.hasNextPage && (
          <Button
            onClick={() => void customers.fetchNextPage()}
            loading={customers.isFetchingNextPage}
          >
            Load more
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

function BatteryResults({
  user,
  search,
  typing,
  onAction,
  onSerial,
}: ResultsProps & { onSerial: (serial: string) => void }) {
  const results = useSerialSearch(search);
  const rows = useMemo(
    () => (search ? (results.data ?? []).map(toBatteryRow) : []),
    [search, results.data],
  );
  const columns = useMemo(
    () =>
      batteryColumns(
        (r: BatteryRow) => (
          <CustomerRowActions
            user={user}
            customerId={r.customerId}
            customer={r.customer}
            onAction={(action) =>
              onAction(
                action,
                r.customerId,
                r.customer,
                r.customer?.name ?? CUSTOMER_DB_MESSAGES.deletedCustomer,
              )
            }
          />
        ),
        onSerial,
      ),
    [user, onAction, onSerial],
  );

  if (search && results.isError && !results.data)
    return <ErrorBanner what="the battery search" retry={() => void results.refetch()} />;

  const searching = typing || (!!search && (results.isPending || results.isFetching));
  return (
    <Flex vertical gap={12}>
      <Table<BatteryRow>
        columns={columns}
        dataSource={rows}
        rowKey="key"
        loading={!!search && results.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label={search ? `Batteries matching “${search}”` : 'Battery Search'}
        locale={{ emptyText: emptyText(searching, emptyMessage('battery', search)) }}
      />
      {search && (
        <Typography.Text type="secondary" role="status">
          {searching
            ? 'Searching...'
            : `${rows.length} ${rows.length === 1 ? 'record' : 'records'}`}
        </Typography.Text>
      )}
    </Flex>
  );
}
