import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Space,
  Statistic,
  Switch,
  Table,
  theme,
} from 'antd';
import type { InventoryItem } from '@cincy/contracts';
import { ApiRequestError } from '../../../api/request';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { HistoryButton } from '../../../features/audit/history-button';
import { PriceListCard } from '../../../features/billing/price-list-card';
import { inventoryColumns } from '../../../features/inventory/inventory-columns';
import { useInventoryDeleteDialog } from '../../../features/inventory/inventory-delete-dialog';
import { InventoryItemDialog } from '../../../features/inventory/inventory-item-dialog';
import { inventoryFetchFailedToast } from '../../../features/inventory/inventory-toasts.util';
import { StockDrawer } from '../../../features/inventory/stock-drawer';
import { WarrantyClaimsCard } from '../../../features/inventory/warranty-claims-card';
import { FitmentCard } from '../../../features/inventory/fitment-card';
import { VanShortages } from '../../../features/inventory/van-shortages';
import { DueTestsCard } from '../../../features/inventory/due-tests-card';
import {
  canManageInventory,
  inventorySummary,
  visibleItems,
} from '../../../features/inventory/inventory.util';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useInventory } from '../../../hooks/use-inventory';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
import { useModalTarget } from '../../../hooks/use-modal-target';
import { formatCurrency } from '../../../lib/format';
import '../staff.css';

const NO_ITEMS: InventoryItem[] = [];

/** Inventory Management: anyone signed in reads; admins add, edit and delete (the server checks). */
export function InventoryPage() {
  const user = useCurrentUser();
  const inventory = useInventory({ enabled: user !== null });
  // A technician's completion lowers the stock here as it happens.
  useLiveUpdates(user !== null);
  const [lowOnly, setLowOnly] = useState(false);
  // The item being edited; null adds one.
  const itemDialog = useModalTarget<{ item: InventoryItem | null }>();
  const confirmDelete = useInventoryDeleteDialog();
  // The item whose Stock drawer is open (by id: the drawer shows the live quantity).
  const [stockOf, setStockOf] = useState<{ id: number; open: boolean } | null>(null);
  const manage = user ? canManageInventory(user) : false;
  const { token } = theme.useToken();

  // A failed list load is also a toast, once per failure.
  const { isError, error, errorUpdatedAt } = inventory;
  // (Not for a 401: the session ended, and the sign-out says so on /login.)
  useEffect(() => {
    if (isError && !(error instanceof ApiRequestError && error.status === 401))
      toast(inventoryFetchFailedToast(error));
  }, [isError, error, errorUpdatedAt]);

  const items = inventory.data ?? NO_ITEMS;
  const stockItem = stockOf ? items.find((i) => i.id === stockOf.id) : undefined;
  const summary = useMemo(() => inventorySummary(items), [items]);
  const rows = useMemo(() => visibleItems(items, lowOnly), [items, lowOnly]);
  const { show } = itemDialog;
  const columns = useMemo(
    () =>
      inventoryColumns(
        manage && user
          ? (item) => (
              <Space size="small">
                <Button
                  size="small"
                  onClick={() => setStockOf({ id: item.id, open: true })}
                  aria-label={`Stock: ${item.name}`}
                >
                  Stock
                </Button>
                <HistoryButton user={user} entity="item" id={item.id} name={item.name} />
                <Button
                  size="small"
                  onClick={() => show({ item })}
                  aria-label={`Edit: ${item.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => confirmDelete(item)}
                  aria-label={`Delete: ${item.name}`}
                >
                  Delete
                </Button>
              </Space>
            )
          : null,
      ),
    [manage, user, show, confirmDelete],
  );

  if (!user) return null;

  const cards = [
    { label: 'Total Items', value: String(summary.totalItems), danger: false },
    { label: 'Total Value', value: formatCurrency(summary.totalValue), danger: false },
    { label: 'Low Stock', value: String(summary.lowStock), danger: summary.lowStock > 0 },
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
            <Button type="primary" onClick={() => show({ item: null })}>
              <span aria-hidden="true">+</span> Add Item
            </Button>
          )
        }
      />

      <Flex vertical gap={16}>
        <Row
          gutter={[16, 16]}
          role="region"
          aria-label="Inventory summary"
          aria-busy={inventory.isPending}
        >
          {cards.map((card) => (
            // On a phone: Total Items across, the two figures side by side under it.
            <Col key={card.label} xs={card.label === 'Total Items' ? 24 : 12} sm={8}>
              <Card size="small" data-testid="stat-card">
                <Statistic
                  title={card.label}
                  value={card.value}
                  loading={!inventory.data}
                  styles={{ content: card.danger ? { color: token.colorError } : {} }}
                  formatter={(value) => <span className="stat-value">{value}</span>}
                />
              </Card>
            </Col>
          ))}
        </Row>

        {manage && <VanShortages items={items} />}

        <Card
          title={
            <span role="heading" aria-level={2} id="inventory-items-title">
              Inventory Items
            </span>
          }
          aria-labelledby="inventory-items-title"
        >
          <Flex vertical gap={12}>
            <Flex gap={8} align="center" wrap>
              <Switch id="inventory-low-only" checked={lowOnly} onChange={setLowOnly} />
              <label htmlFor="inventory-low-only">Show Low Stock Only</label>
            </Flex>
            {inventory.isError && !inventory.data ? (
              <Alert
                type="error"
                title="Could not load the inventory."
                action={<Button onClick={() => void inventory.refetch()}>Retry</Button>}
              />
            ) : (
              <Table<InventoryItem>
                columns={columns}
                dataSource={rows}
                rowKey="id"
                loading={inventory.isPending}
                pagination={false}
                scroll={{ x: 'max-content' }}
                aria-label={lowOnly ? 'Inventory items low on stock' : 'Inventory items'}
                locale={{
                  emptyText: inventory.isPending ? (
                    ' '
                  ) : (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description="No inventory items found"
                    />
                  ),
                }}
              />
            )}
          </Flex>
        </Card>
        {manage && <PriceListCard user={user} />}
        {manage && <WarrantyClaimsCard />}
        {manage && <DueTestsCard />}
        {manage && <FitmentCard user={user} />}
      </Flex>

      {stockOf && stockItem && (
        <StockDrawer item={stockItem} open={stockOf.open} onClose={() => setStockOf(null)} />
      )}

      {itemDialog.target && (
        <InventoryItemDialog
          key={itemDialog.target.item?.id ?? 'new'}
          item={itemDialog.target.item}
          open={itemDialog.open}
          onClose={itemDialog.hide}
          afterClose={itemDialog.afterClose}
        />
      )}
    </main>
  );
}
