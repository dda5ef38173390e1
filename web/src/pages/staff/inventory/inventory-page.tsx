import { useEffect, useMemo, useState } from 'react';
import type { InventoryItem } from '@cincy/contracts';
import { ApiRequestError } from '../../../api/request';
import { DataTable } from '../../../components/data-table';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { inventoryColumns } from '../../../features/inventory/inventory-columns';
import { InventoryDeleteDialog } from '../../../features/inventory/inventory-delete-dialog';
import { InventoryItemDialog } from '../../../features/inventory/inventory-item-dialog';
import { inventoryFetchFailedToast } from '../../../features/inventory/inventory-toasts.util';
import {
  canManageInventory,
  inventorySummary,
  visibleItems,
} from '../../../features/inventory/inventory.util';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useInventory } from '../../../hooks/use-inventory';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
import { formatCurrency } from '../../../lib/format';
import '../staff.css';

type OpenDialog = { kind: 'add' } | { kind: 'edit' | 'delete'; item: InventoryItem };

const NO_ITEMS: InventoryItem[] = [];

/** Inventory Management: anyone signed in reads; admins add, edit and delete (the server checks). */
export function InventoryPage() {
  const user = useCurrentUser();
  const inventory = useInventory({ enabled: user !== null });
  // A technician's completion lowers the stock here as it happens.
  useLiveUpdates(user !== null);
  const [lowOnly, setLowOnly] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const manage = user ? canManageInventory(user) : false;

  // A failed list load is also a toast, once per failure.
  const { isError, error, errorUpdatedAt } = inventory;
  // (Not for a 401: the session ended, and the sign-out says so on /login.)
  useEffect(() => {
    if (isError && !(error instanceof ApiRequestError && error.status === 401))
      toast(inventoryFetchFailedToast(error));
  }, [isError, error, errorUpdatedAt]);

  const items = inventory.data ?? NO_ITEMS;
  const summary = useMemo(() => inventorySummary(items), [items]);
  const rows = useMemo(() => visibleItems(items, lowOnly), [items, lowOnly]);
  const columns = useMemo(
    () =>
      inventoryColumns(
        manage
          ? (item) => (
              <div className="row-actions">
                <button
                  type="button"
                  className="btn btn-sm btn-secondary"
                  onClick={() => setDialog({ kind: 'edit', item })}
                  aria-label={`Edit: ${item.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-danger-outline"
                  onClick={() => setDialog({ kind: 'delete', item })}
                  aria-label={`Delete: ${item.name}`}
                >
                  Delete
                </button>
              </div>
            )
          : null,
      ),
    [manage],
  );

  if (!user) return null;

  const cards = [
    { label: 'Total Items', value: String(summary.totalItems), tone: 'blue' },
    { label: 'Total Value', value: formatCurrency(summary.totalValue), tone: 'green' },
    {
      label: 'Low Stock',
      value: String(summary.lowStock),
      tone: summary.lowStock ? 'red' : 'amber',
    },
  ];

  return (
    <main className="page">
      <title>Inventory Management | Cincy Battery</title>
      <PageHeader
        title="Inventory Management"
        subtitle={
          manage
            ? 'Track battery stock and supplies.'
            : 'Track battery stock and supplies. Only admins can change the stock.'
        }
        actions={
          manage && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setDialog({ kind: 'add' })}
            >
              <span aria-hidden="true">+</span> Add Item
            </button>
          )
        }
      />

      <section
        aria-label="Inventory summary"
        className="stat-grid stat-grid-3"
        aria-busy={inventory.isPending}
      >
        {cards.map((card) => (
          <div key={card.label} className={`stat-card tone-${card.tone}`} data-testid="stat-card">
            <span className="stat-label">{card.label}</span>
            <span className="stat-value">{inventory.data ? card.value : '—'}</span>
          </div>
        ))}
      </section>

      <section className="panel office-panel" aria-labelledby="inventory-items-title">
        <div className="panel-head">
          <h2 id="inventory-items-title" className="panel-title">
            Inventory Items
          </h2>
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={lowOnly}
              onChange={(e) => setLowOnly(e.target.checked)}
            />
            <span className="switch-track" aria-hidden="true" />
            <span>Show Low Stock Only</span>
          </label>
        </div>
        {inventory.isPending && !inventory.isError ? (
          <LoadingIndicator label="Loading inventory..." />
        ) : inventory.isError && !inventory.data ? (
          <div className="banner banner-error" role="alert">
            <span>Could not load the inventory.</span>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => void inventory.refetch()}
            >
              Retry
            </button>
          </div>
        ) : (
          <DataTable
            caption={lowOnly ? 'Inventory items low on stock' : 'Inventory items'}
            columns={columns}
            rows={rows}
            rowKey={(item) => item.id}
            empty="No inventory items found"
            busy={inventory.isFetching}
          />
        )}
      </section>

      {dialog?.kind === 'add' && (
        <InventoryItemDialog item={null} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && (
        <InventoryItemDialog
          key={dialog.item.id}
          item={dialog.item}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <InventoryDeleteDialog item={dialog.item} onClose={() => setDialog(null)} />
      )}
    </main>
  );
}
