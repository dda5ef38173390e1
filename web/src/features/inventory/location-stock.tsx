import { Button, Flex, Form, Input, InputNumber, Select, Table, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STOCK_MOVEMENT_REASON_MAX,
  TRANSFER_MESSAGES,
  WAREHOUSE_LOCATION_ID,
  transferInputSchema,
  type InventoryItem,
  type TransferInput,
} from '@cincy/contracts';
import { STOCK_KEYS, fetchLocations, transferStock } from '../../api/inventory';
import { QUERY_KEYS } from '../../api/query-keys';
import { fieldErrorsOf, serverMessageOf } from '../../api/request';
import { toast } from '../../components/toast';
import { writeInventoryItem } from '../../lib/live-cache';
import { fieldMessage, showServerErrors } from '../../lib/zod-form';
import { placeCounts } from './location-stock.util';

type MoveForm = Omit<TransferInput, 'itemId'>;

/** The transfer's own rules on the form's fields (the item is the drawer's). */
const rule = (field: keyof MoveForm): Rule[] => [
  ({ getFieldsValue }) => ({
    validator: async () => {
      const values = { ...(getFieldsValue(true) as MoveForm), itemId: 1 };
      const message = fieldMessage(transferInputSchema, values, field);
      if (message) throw new Error(message);
    },
  }),
];

/**
 * Where an item's stock is (issue 37): the warehouse and each van, and a form to move units
 * between them (a van restocked in the morning, a van emptied back).
 */
export function LocationStock({ item }: { item: InventoryItem }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MoveForm>();
  const places = useQuery({
    queryKey: QUERY_KEYS.locations,
    queryFn: ({ signal }) => fetchLocations(signal),
  });
  const move = useMutation({
    mutationFn: (values: MoveForm) => transferStock({ ...values, itemId: item.id }),
    onSuccess: ({ item: after }, values) => {
      writeInventoryItem(queryClient, after);
      void queryClient.invalidateQueries({ queryKey: STOCK_KEYS.ofItem(item.id) });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.inventoryAll });
      toast({ title: TRANSFER_MESSAGES.moved, description: `${values.quantity} of ${item.name}` });
      form.resetFields(['quantity', 'reason']);
    },
    onError: (error) => {
      if (!showServerErrors(form, fieldErrorsOf(error)))
        toast({
          title: 'Could not move the stock',
          description: serverMessageOf(error) ?? 'Try again.',
          variant: 'destructive',
        });
    },
  });
  const counts = placeCounts(places.data ?? [], item);
  const options = (places.data ?? []).map((p) => ({ value: p.id, label: p.name }));

  return (
    <section aria-labelledby="location-stock-title">
      <Typography.Title level={5} id="location-stock-title">
        Where it is
      </Typography.Title>
      <Flex vertical gap={12}>
        <Table
          size="small"
          rowKey="id"
          loading={places.isPending}
          dataSource={counts}
          pagination={false}
          aria-label={`Where ${item.name} is`}
          columns={[
            { title: 'Place', dataIndex: 'name' },
            {
              title: 'Quantity',
              align: 'right',
              render: (_, place) => (
                <>
                  {place.quantity}
                  {place.low && (
                    <Tag color="red" style={{ marginInlineStart: 8, marginInlineEnd: 0 }}>
                      Low
                    </Tag>
                  )}
                </>
              ),
            },
          ]}
        />
        <Form<MoveForm>
          form={form}
          name="stock-transfer"
          layout="vertical"
          initialValues={{ fromLocationId: WAREHOUSE_LOCATION_ID }}
          onFinish={(values) => move.mutate(values)}
          disabled={move.isPending}
          noValidate
        >
          <Flex gap={12} wrap align="start">
            <Form.Item name="fromLocationId" label="From" required rules={rule('fromLocationId')}>
              <Select options={options} style={{ minWidth: 160 }} />
            </Form.Item>
            <Form.Item name="toLocationId" label="To" required rules={rule('toLocationId')}>
              <Select options={options} style={{ minWidth: 160 }} placeholder="Choose a van" />
            </Form.Item>
            <Form.Item name="quantity" label="Quantity" required rules={rule('quantity')}>
              <InputNumber inputMode="numeric" min={1} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item
              name="reason"
              label="Reason"
              required
              rules={rule('reason')}
              style={{ flex: '1 1 200px', minWidth: 0 }}
            >
              <Input
                autoComplete="off"
                maxLength={STOCK_MOVEMENT_REASON_MAX}
                placeholder="Morning restock"
              />
            </Form.Item>
          </Flex>
          <Button htmlType="submit" loading={move.isPending}>
            Move
          </Button>
        </Form>
      </Flex>
    </section>
  );
}
