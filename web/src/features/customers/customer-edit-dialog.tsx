import type { ReactNode } from 'react';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { fieldErrorsOf } from '../../api/request';
import { FormDialog } from '../../components/form-dialog';
import { toast } from '../../components/toast';
import { useCustomerLookup } from '../../hooks/use-customer-lookup';
import { useUpdateCustomer } from '../../hooks/use-update-customer';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import type { CustomerTarget } from './customer-database.util';
import {
  buildCustomerUpdate,
  customerEditForm,
  customerEditSchema,
  type CustomerEditForm,
} from './customer-edit.util';
import { CUSTOMER_UPDATED_TOAST, CUSTOMER_UPDATE_FAILED_TOAST } from './customer-toasts.util';

interface DialogProps {
  customer: CustomerTarget;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

const rule = (field: keyof CustomerEditForm) => [zodRule(customerEditSchema, field)];

/**
 * 'Edit Customer Information'. A Battery Search row does not know the e-mail, so the dialog reads
 * the customer first (an empty e-mail would erase the stored one).
 */
export function CustomerEditDialog(props: DialogProps) {
  if (props.customer.email !== undefined) return <EditModal {...props} known={props.customer} />;
  return <LookupThenEdit {...props} />;
}

function LookupThenEdit(props: DialogProps) {
  const { customer } = props;
  const lookup = useCustomerLookup(customer.id, customer.phone);
  const waiting = lookup.isPending ? (
    <div role="status">
      <p>Loading customer...</p>
      <Skeleton active title={false} paragraph={{ rows: 3 }} />
    </div>
  ) : (
    <Alert
      type="error"
      title={
        lookup.isError
          ? 'Could not load this customer.'
          : 'This customer is no longer in the database.'
      }
      action={lookup.isError && <Button onClick={() => void lookup.refetch()}>Retry</Button>}
    />
  );
  return <EditModal {...props} known={lookup.data ?? null} waiting={waiting} />;
}

function EditModal({
  customer,
  known,
  waiting,
  open,
  onClose,
  afterClose,
}: DialogProps & {
  /** The customer with their e-mail, once known; until then `waiting` shows. */
  known: CustomerTarget | null;
  waiting?: ReactNode;
}) {
  const [form] = Form.useForm<CustomerEditForm>();
  const update = useUpdateCustomer();
  const saving = update.isPending;

  const onFinish = (values: CustomerEditForm) =>
    update.mutate(
      { id: customer.id, input: buildCustomerUpdate(values) },
      {
        onSuccess: () => {
          toast(CUSTOMER_UPDATED_TOAST);
          onClose();
        },
        onError: (error) => {
          console.warn('Customer update failed', error);
          toast(CUSTOMER_UPDATE_FAILED_TOAST);
          showServerErrors(form, fieldErrorsOf(error));
        },
      },
    );

  return (
    <FormDialog
      open={open}
      title="Edit Customer Information"
      okText="Save Changes"
      okDisabled={!known}
      saving={saving}
      onClose={onClose}
      afterClose={afterClose}
      form={form}
      name="customer-edit"
      // Mounted again once the customer is known, with their values.
      formKey={known ? 'known' : 'waiting'}
      initialValues={known ? customerEditForm(known) : undefined}
      onFinish={onFinish}
    >
      <p>{customer.name}</p>
      {known ? (
        <>
          <Form.Item name="name" label="Name" required rules={rule('name')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="phone" label="Phone" required rules={rule('phone')}>
            <Input type="tel" inputMode="tel" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="email"
            label="Email"
            rules={rule('email')}
            extra="Optional. Leave empty to remove it."
          >
            <Input type="email" inputMode="email" autoComplete="off" />
          </Form.Item>
        </>
      ) : (
        waiting
      )}
    </FormDialog>
  );
}
