import { Alert, Button, Card, Col, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PRICE_LIST_AUDIT_ID,
  PRICE_LIST_MESSAGES,
  type PriceList,
  type SignedInUser,
} from '@cincy/contracts';
import { useEffect } from 'react';
import { fetchPriceList, savePriceList } from '../../api/price-list';
import { QUERY_KEYS } from '../../api/query-keys';
import { fieldErrorsOf, serverMessageOf } from '../../api/request';
import { toast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import { HistoryButton } from '../audit/history-button';
import {
  PRICE_LIST_FIELDS,
  priceListForm,
  priceListFormSchema,
  priceListInput,
  type PriceListForm,
} from './price-list.util';

/**
 * The price list (admins, on the Inventory screen): installation, the core charge and a test.
 * A battery's own price is its item's; new invoices use both, issued ones keep theirs.
 */
export function PriceListCard({ user }: { user: SignedInUser }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PriceListForm>();
  const prices = useQuery({
    queryKey: QUERY_KEYS.priceList,
    queryFn: ({ signal }) => fetchPriceList(signal),
  });
  const save = useMutation({
    mutationFn: (values: PriceListForm) => savePriceList(priceListInput(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData<PriceList>(QUERY_KEYS.priceList, saved);
      toast({
        title: PRICE_LIST_MESSAGES.saved,
        description: PRICE_LIST_MESSAGES.savedDescription,
      });
    },
    onError: (error) => {
      toast({
        title: PRICE_LIST_MESSAGES.saveFailed,
        description: serverMessageOf(error) ?? 'Try again.',
        variant: 'destructive',
      });
      showServerErrors(form, fieldErrorsOf(error));
    },
  });
  const list = prices.data;
  // The inputs follow the list as saved (first load, a save, another admin's change on refetch).
  useEffect(() => {
    if (list) form.setFieldsValue(priceListForm(list));
  }, [list, form]);

  return (
    <Card
      title={
        <span role="heading" aria-level={2} id="price-list-title">
          Prices
        </span>
      }
      role="region"
      aria-labelledby="price-list-title"
      extra={
        <HistoryButton user={user} entity="price_list" id={PRICE_LIST_AUDIT_ID} name="Prices" />
      }
    >
      {prices.isError && !list ? (
        <Alert
          type="error"
          title={PRICE_LIST_MESSAGES.loadFailed}
          action={<Button onClick={() => void prices.refetch()}>Retry</Button>}
        />
      ) : !list ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Form<PriceListForm>
          form={form}
          name="price-list"
          layout="vertical"
          initialValues={priceListForm(list)}
          onFinish={(values) => save.mutate(values)}
          disabled={save.isPending}
        >
          <Typography.Paragraph type="secondary">
            Tax included. A battery&apos;s own price is on its item (Edit); new invoices use these
            prices, issued invoices keep theirs.
          </Typography.Paragraph>
          <Row gutter={12}>
            {PRICE_LIST_FIELDS.map((field) => (
              <Col key={field.name} xs={24} sm={8}>
                <Form.Item
                  name={field.name}
                  label={field.label}
                  required
                  rules={[zodRule(priceListFormSchema, field.name)]}
                  extra={field.help}
                >
                  <Input type="number" inputMode="decimal" min={0} step={0.01} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Row justify="space-between" align="middle" gutter={[12, 12]}>
            <Col>
              <Typography.Text type="secondary">
                {list.updatedAt
                  ? `Last changed ${formatDateTime(list.updatedAt)}`
                  : 'The house prices, never changed'}
              </Typography.Text>
            </Col>
            <Col>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Save Prices
              </Button>
            </Col>
          </Row>
        </Form>
      )}
    </Card>
  );
}
