import { useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Segmented,
  Skeleton,
  Table,
  Typography,
} from 'antd';
import { SideDrawer } from '../../components/side-drawer';
import type { ColumnsType } from 'antd/es/table';
import {
  STOCK_MOVEMENT_REASON_MAX,
  STOCK_MOVEMENT_TYPES,
  stockMovementInputSchema,
  type InventoryItem,
  type StockMovementType,
} from '@cincy/contracts';
import { fieldErrorsOf } from '../../api/request';
import { toast } from '../../components/toast';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import { QuantityCell } from './inventory-columns';
import { LocationStock } from './location-stock';
import {
  EMPTY_MOVEMENT_FORM,
  MOVEMENT_FORMS,
  MOVEMENT_TEXT,
  buildMovementPayload,
  movementFailedToast,
  movementFormSchema,
  movementRow,
  movementSavedToast,
  previewAfter,
  type MovementForm,
} from './stock-movements.util';
import { useRecordStockMovement, useStockMovements } from '../../hooks/use-stock-movements';

type Row = ReturnType<typeof movementRow>;

const COLUMNS: ColumnsType<Row> = [
  { key: 'when', title: 'When', dataIndex: 'when' },
  { key: 'type', title: 'Type', dataIndex: 'type' },
  { key: 'change', title: 'Change', dataIndex: 'change', align: 'right' },
  { key: 'beforeAfter', title: 'Before → After', dataIndex: 'beforeAfter', align: 'right' },
  { key: 'reason', title: 'Reason', dataIndex: 'reason' },
  { key: 'who', title: 'Who', dataIndex: 'who' },
];

/** The drawer's title: "Stock — H6 AGM". */
export const stockDrawerTitle = (name: string) => `Stock — ${name}`;

/**
 * An item's stock (admins): Receive, Correct count and Write off, each with a reason, and the
 * item's movements newest first (when, type, change, before → after, reason, who).
 */
export function StockDrawer({
  item,
  open,
  onClose,
}: {
  item: InventoryItem;
  open: boolean;
  onClose: () => void;
}) {
  const movements = useStockMovements(item.id, item.quantity, open);
  const list = movements.data;

  return (
    <SideDrawer title={stockDrawerTitle(item.name)} width={720} open={open} onClose={onClose}>
      <Flex vertical gap={16}>
        <Flex gap={8} align="baseline">
          <Typography.Text type="secondary">In stock:</Typography.Text>
          <QuantityCell item={item} />
          <Typography.Text type="secondary">(minimum {item.minQuantity})</Typography.Text>
        </Flex>
        <MovementForms item={item} />
        <LocationStock item={item} />
        <section aria-labelledby="stock-movements-title">
          <Typography.Title level={5} id="stock-movements-title">
            Movements
          </Typography.Title>
          <div aria-busy={movements.isFetching || undefined}>
            {movements.isPending && !movements.isError ? (
              <div role="status">
                <Typography.Paragraph type="secondary">
                  {MOVEMENT_TEXT.loading}
                </Typography.Paragraph>
                <Skeleton active title={false} paragraph={{ rows: 4 }} />
              </div>
            ) : movements.isError && !list ? (
              <Alert
                type="error"
                title={`${MOVEMENT_TEXT.loadFailed} ${movements.error.message}`}
                action={<Button onClick={() => void movements.refetch()}>Retry</Button>}
              />
            ) : (
              <Table<Row>
                columns={COLUMNS}
                dataSource={(list ?? []).map(movementRow)}
                rowKey="key"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                aria-label={`Stock movements of ${item.name}`}
                locale={{
                  emptyText: (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MOVEMENT_TEXT.empty} />
                  ),
                }}
              />
            )}
          </div>
        </section>
      </Flex>
    </SideDrawer>
  );
}

/** The three small forms, one shown at a time. */
function MovementForms({ item }: { item: InventoryItem }) {
  const [type, setType] = useState<StockMovementType>('receive');
  return (
    <section aria-label="Change stock">
      <Flex vertical gap={12}>
        <Segmented<StockMovementType>
          value={type}
          onChange={setType}
          options={STOCK_MOVEMENT_TYPES.map((value) => ({
            value,
            label: MOVEMENT_FORMS[value].tab,
          }))}
          aria-label="Change stock"
        />
        {/* A form per type: switching starts the other one empty. */}
        <MovementFormFor key={type} type={type} item={item} />
      </Flex>
    </section>
  );
}

function MovementFormFor({ type, item }: { type: StockMovementType; item: InventoryItem }) {
  const [form] = Form.useForm<MovementForm>();
  const values = Form.useWatch([], form) as MovementForm | undefined;
  const record = useRecordStockMovement(item.id);
  const words = MOVEMENT_FORMS[type];
  const schema = movementFormSchema(type, item.quantity, item.name);
  const preview = previewAfter(item.quantity, type, values ?? EMPTY_MOVEMENT_FORM);

  const onFinish = (filled: MovementForm) => {
    const input = stockMovementInputSchema.parse(buildMovementPayload(type, filled));
    record.mutate(input, {
      onSuccess: ({ item: after }) => {
        toast(movementSavedToast(type, input, after.quantity));
        form.resetFields();
      },
      onError: (error) => {
        console.warn('Recording the stock movement failed', error);
        toast(movementFailedToast(error));
        showServerErrors(form, fieldErrorsOf(error));
      },
    });
  };

  return (
    <Form<MovementForm>
      form={form}
      name={`stock-${type}`}
      layout="vertical"
      initialValues={EMPTY_MOVEMENT_FORM}
      onFinish={onFinish}
      disabled={record.isPending}
      noValidate
    >
      <Flex gap={12} wrap align="start">
        <Form.Item
          name="quantity"
          label={words.quantityLabel}
          required
          rules={[zodRule(schema, 'quantity')]}
          extra={preview ?? ' '}
          style={{ width: 180 }}
        >
          <Input type="number" inputMode="numeric" min={0} step={1} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="Reason"
          required
          rules={[zodRule(schema, 'reason')]}
          style={{ flex: '1 1 260px', minWidth: 0 }}
        >
          <Input
            autoComplete="off"
            maxLength={STOCK_MOVEMENT_REASON_MAX}
            placeholder={words.placeholder}
          />
        </Form.Item>
      </Flex>
      <Button
        type="primary"
        htmlType="submit"
        danger={type === 'write_off'}
        loading={record.isPending}
      >
        {words.submit}
      </Button>
    </Form>
  );
}
