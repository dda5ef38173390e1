import { useCallback, useMemo, useState } from 'react';
import type { CustomerSummary, SignedInUser } from '@cincy/contracts';
import { DataTable } from '../../../components/data-table';
import { TextField } from '../../../components/form-field';
import { LoadingIndicator } from '../../../components/loading-indicator';
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
import { CustomerDeleteDialog } from '../../../features/customers/customer-delete-dialog';
import { CustomerEditDialog } from '../../../features/customers/customer-edit-dialog';
import { CustomerRowActions } from '../../../features/customers/customer-row-actions';
import { ServiceHistoryDialog } from '../../../features/customers/service-history-dialog';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useCustomers } from '../../../hooks/use-customers';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSerialSearch } from '../../../hooks/use-serial-search';
import '../staff.css';

/** The dialog open over the table, and whose it is. */
interface OpenDialog {
  action: CustomerAction;
  customerId: number;
  customer: CustomerTarget | null;
  name: string;
}

const SEARCH_COPY: Record<SearchMode, { label: string; placeholder: string }> = {
  customer: { label: 'Search customers', placeholder: 'Name, phone or email' },
  battery: { label: 'Battery serial number', placeholder: 'All or part of a serial number' },
};

export function CustomerDatabasePage() {
  const user = useCurrentUser();
  const [mode, setMode] = useState<SearchMode>('customer');
  // Each search keeps its own text: a name is no serial number.
  const [texts, setTexts] = useState<Record<SearchMode, string>>({ customer: '', battery: '' });
  const text = texts[mode];
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const openDialog = useCallback(
    (action: CustomerAction, customerId: number, customer: CustomerTarget | null, name: string) =>
      setDialog({ action, customerId, customer, name }),
    [],
  );

  if (!user) return null;

  return (
    <main className="page">
      <title>Customer Database | Cincy Battery</title>
      <PageHeader
        title="Customer Database"
        subtitle="Search customers and their battery service history."
      />
      <section className="panel office-panel" aria-label="Customers">
        <div className="search-bar">
          <div className="segmented" role="group" aria-label="Search by">
            {SEARCH_MODES.map((m) => (
              <button
                key={m.mode}
                type="button"
                className="segmented-option"
                aria-pressed={mode === m.mode}
                onClick={() => setMode(m.mode)}
              >
                {m.label}
              </button>
            ))}
          </div>
          <TextField
            id="customer-database-search"
            className="search-field"
            label={SEARCH_COPY[mode].label}
            type="search"
            inputMode="search"
            autoComplete="off"
            spellCheck={false}
            placeholder={SEARCH_COPY[mode].placeholder}
            value={text}
            onChange={(value) => setTexts((current) => ({ ...current, [mode]: value }))}
          />
        </div>
        {mode === 'customer' ? (
          <CustomerResults
            user={user}
            search={search}
            typing={search !== text.trim()}
            onAction={openDialog}
          />
        ) : (
          <BatteryResults
            user={user}
            search={search}
            typing={search !== text.trim()}
            onAction={openDialog}
          />
        )}
      </section>

      {dialog?.action === 'history' && (
        <ServiceHistoryDialog
          customerId={dialog.customerId}
          customerName={dialog.name}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.action === 'edit' && dialog.customer && (
        <CustomerEditDialog customer={dialog.customer} onClose={() => setDialog(null)} />
      )}
      {dialog?.action === 'delete' && dialog.customer && (
        <CustomerDeleteDialog customer={dialog.customer} onClose={() => setDialog(null)} />
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
  onAction: (
    action: CustomerAction,
    customerId: number,
    customer: CustomerTarget | null,
    name: string,
  ) => void;
}

function ErrorBanner({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="banner banner-error" role="alert">
      <span>Could not load {what}.</span>
      <button type="button" className="btn btn-outline btn-sm" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

function CustomerResults({ user, search, typing, onAction }: ResultsProps) {
  const customers = useCustomers(search);
  const rows = useMemo(() => uniqueCustomers(customers.data?.pages ?? []), [customers.data]);
  const columns = useMemo(
    () =>
      customerColumns((c: CustomerSummary) => {
        const target: CustomerTarget = { id: c.id, name: c.name, phone: c.phone, email: c.email };
        return (
          <CustomerRowActions
            user={user}
            customer={target}
            onAction={(action) => onAction(action, c.id, target, c.name)}
          />
        );
      }),
    [user, onAction],
  );

  if (customers.isPending) return <LoadingIndicator label="Loading customers..." />;
  if (customers.isError && !customers.data)
    return <ErrorBanner what="customers" retry={() => void customers.refetch()} />;

  const searching = typing || (customers.isFetching && !customers.isFetchingNextPage);
  return (
    <>
      {customers.isError && <ErrorBanner what="customers" retry={() => void customers.refetch()} />}
      <DataTable
        caption={search ? `Customers matching “${search}”` : 'Customers'}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        empty={emptyMessage('customer', search)}
        busy={searching}
      />
      <div className="table-foot">
        <p className="muted" role="status">
          {searching
            ? 'Searching...'
            : `Showing ${rows.length} ${rows.length === 1 ? 'customer' : 'customers'}`}
        </p>
        {customers.hasNextPage && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void customers.fetchNextPage()}
            disabled={customers.isFetchingNextPage}
          >
            {customers.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        )}
      </div>
    </>
  );
}

function BatteryResults({ user, search, typing, onAction }: ResultsProps) {
  const results = useSerialSearch(search);
  const rows = useMemo(() => (results.data ?? []).map(toBatteryRow), [results.data]);
  const columns = useMemo(
    () =>
      batteryColumns((r: BatteryRow) => (
        <CustomerRowActions
          user={user}
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
      )),
    [user, onAction],
  );

  if (!search)
    return (
      <DataTable
        caption="Battery Search"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.key}
        empty={emptyMessage('battery', '')}
      />
    );
  if (results.isPending) return <LoadingIndicator label="Searching batteries..." />;
  if (results.isError && !results.data)
    return <ErrorBanner what="the battery search" retry={() => void results.refetch()} />;

  const searching = typing || results.isFetching;
  return (
    <>
      <DataTable
        caption={`Batteries matching “${search}”`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        empty={emptyMessage('battery', search)}
        busy={searching}
      />
      <div className="table-foot">
        <p className="muted" role="status">
          {searching
            ? 'Searching...'
            : `${rows.length} ${rows.length === 1 ? 'record' : 'records'}`}
        </p>
      </div>
    </>
  );
}
