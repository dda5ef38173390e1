import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Table,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FITMENT_MESSAGES,
  FITMENT_TECHNOLOGIES,
  batteryLabel,
  fitmentInputSchema,
  fitmentVehicle,
  type Fitment,
  type FitmentInput,
  type SignedInUser,
} from '@cincy/contracts';
import { useMemo, useState } from 'react';
import { createFitment, deleteFitment, fetchFitmentRows, updateFitment } from '../../api/fitment';
import { QUERY_KEYS } from '../../api/query-keys';
import { fieldErrorsOf, serverMessageOf } from '../../api/request';
import { toast } from '../../components/toast';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import { HistoryButton } from '../audit/history-button';
import { matchesSearch } from './fitment.util';

const EMPTY: Partial<FitmentInput> = {
  engine: null,
  enDin: null,
  technology: 'flooded',
  startStop: false,
  registration: false,
};

const rule = (field: keyof FitmentInput) => [zodRule(fitmentInputSchema, field)];

/**
 * The fitment table (admins, issue 37): which battery each vehicle takes. The booking form and
 * each new booking read it; a booking keeps the battery it matched, whatever is edited later.
 */
export function FitmentCard({ user }: { user: SignedInUser }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Fitment | 'new' | null>(null);
  const [form] = Form.useForm<FitmentInput>();
  const rows = useQuery({
    queryKey: QUERY_KEYS.fitment,
    queryFn: ({ signal }) => fetchFitmentRows(signal),
  });
  const shown = useMemo(
    () => (rows.data ?? []).filter((row) => matchesSearch(row, search)),
    [rows.data, search],
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.fitment });
  const save = useMutation({
    mutationFn: (input: FitmentInput) =>
      editing && editing !== 'new' ? updateFitment(editing.id, input) : createFitment(input),
    onSuccess: (saved) => {
      toast({
        title: 'Fitment saved',
        description: `${fitmentVehicle(saved)}: ${batteryLabel(saved)}`,
      });
      setEditing(null);
      void refresh();
    },
    onError: (error) => {
      if (!showServerErrors(form, fieldErrorsOf(error)))
        toast({
          title: 'Could not save the fitment',
          description: serverMessageOf(error) ?? 'Try again.',
          variant: 'destructive',
        });
    },
  });
  const remove = useMutation({
    mutationFn: (row: Fitment) => deleteFitment(row.id),
    onSuccess: () => {
      toast({ title: FITMENT_MESSAGES.deleted });
      void refresh();
    },
    onError: (error) =>
      toast({
        title: 'Could not remove the row',
        description: serverMessageOf(error) ?? 'Try again.',
        variant: 'destructive',
      }),
  });
  const open = (row: Fitment | 'new') => {
    form.resetFields();
    form.setFieldsValue(row === 'new' ? EMPTY : row);
    setEditing(row);
  };

  return (
    <Card
      role="region"
      aria-labelledby="fitment-title"
      title={
        <span role="heading" aria-level={2} id="fitment-title">
          Fitment
        </span>
      }
      extra={<Button onClick={() => open('new')}>Add vehicle</Button>}
    >
      {rows.isError && !rows.data ? (
        <Alert
          type="error"
          title="Could not load the fitment table."
          action={<Button onClick={() => void rows.refetch()}>Retry</Button>}
        />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            The battery each vehicle takes: the booking form shows it and each booking keeps it. A
            vehicle not listed books as &quot;Check fitment&quot;. Rows are starting values: the
            technician still reads the label of the battery in the car.
          </Typography.Text>
          <Input.Search
            aria-label="Search fitment"
            placeholder="Make, model or group size"
            allowClear
            onChange={(event) => setSearch(event.target.value)}
            style={{ maxWidth: 320 }}
          />
          <Table<Fitment>
            size="small"
            rowKey="id"
            loading={rows.isPending}
            dataSource={shown}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: search ? 'No vehicle matches the search' : 'No vehicle yet' }}
            columns={[
              { title: 'Vehicle', key: 'vehicle', render: (_, row) => fitmentVehicle(row) },
              { title: 'Battery', key: 'battery', render: (_, row) => batteryLabel(row) },
              { title: 'EN/DIN', dataIndex: 'enDin', render: (v: string | null) => v ?? '—' },
              { title: 'Min CCA', dataIndex: 'minCca' },
              {
                title: 'Notes',
                key: 'notes',
                render: (_, row) =>
                  [row.startStop && 'Start-stop', row.registration && 'Registration']
                    .filter(Boolean)
                    .join(', ') || '—',
              },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, row) => (
                  <Flex gap={4} wrap>
                    <Button size="small" onClick={() => open(row)}>
                      Edit
                    </Button>
                    <Popconfirm
                      title={`Remove ${fitmentVehicle(row)}?`}
                      description="New bookings of it will say Check fitment."
                      okText="Remove"
                      onConfirm={() => remove.mutate(row)}
                    >
                      <Button size="small" danger>
                        Remove
                      </Button>
                    </Popconfirm>
                    <HistoryButton
                      user={user}
                      entity="fitment"
                      id={row.id}
                      name={fitmentVehicle(row)}
                    />
                  </Flex>
                ),
              },
            ]}
          />
        </Flex>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Add vehicle' : 'Edit fitment'}
        okText="Save"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form<FitmentInput>
          form={form}
          name="fitment"
          layout="vertical"
          onFinish={(values) => save.mutate(fitmentInputSchema.parse(values))}
        >
          <Flex gap={12}>
            <Form.Item name="yearFrom" label="First year" required rules={rule('yearFrom')}>
              <InputNumber inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="yearTo" label="Last year" required rules={rule('yearTo')}>
              <InputNumber inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item name="make" label="Make" required rules={rule('make')}>
              <Input />
            </Form.Item>
            <Form.Item name="model" label="Model" required rules={rule('model')}>
              <Input />
            </Form.Item>
          </Flex>
          <Form.Item
            name="engine"
            label="Engine"
            rules={rule('engine')}
            extra="Only where the battery differs by engine"
          >
            <Input placeholder="3.5L V6" />
          </Form.Item>
          <Flex gap={12}>
            <Form.Item name="groupSize" label="Group size" required rules={rule('groupSize')}>
              <Input placeholder="H6" />
            </Form.Item>
            <Form.Item name="enDin" label="EN/DIN" rules={rule('enDin')}>
              <Input placeholder="H6/LN3" />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item name="technology" label="Technology" required rules={rule('technology')}>
              <Select
                style={{ minWidth: 120 }}
                options={FITMENT_TECHNOLOGIES.map((t) => ({ value: t, label: t }))}
              />
            </Form.Item>
            <Form.Item name="minCca" label="Minimum CCA" required rules={rule('minCca')}>
              <InputNumber inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Form.Item name="startStop" valuePropName="checked">
            <Checkbox>Start-stop</Checkbox>
          </Form.Item>
          <Form.Item name="registration" valuePropName="checked">
            <Checkbox>Battery registration after the swap</Checkbox>
          </Form.Item>
          <Form.Item name="source" label="Source" required rules={rule('source')}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
