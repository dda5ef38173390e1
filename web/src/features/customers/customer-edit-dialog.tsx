import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../api/request';
import { Dialog } from '../../components/dialog';
import { STAFF_FORM_LOOK, TextField } from '../../components/form-field';
import { LoadingIndicator } from '../../components/loading-indicator';
import { toast } from '../../components/toast';
import { useCustomerLookup } from '../../hooks/use-customer-lookup';
import { useUpdateCustomer } from '../../hooks/use-update-customer';
import { knownFieldErrors } from '../../lib/field-errors';
import type { CustomerTarget } from './customer-database.util';
import {
  CUSTOMER_EDIT_FIELDS,
  buildCustomerUpdate,
  customerEditForm,
  validateCustomerEdit,
  type CustomerEditErrors,
  type CustomerEditField,
} from './customer-edit.util';
import { CUSTOMER_UPDATED_TOAST, CUSTOMER_UPDATE_FAILED_TOAST } from './customer-toasts.util';

const TITLE = 'Edit Customer Information';

/**
 * 'Edit Customer Information'. A Battery Search row does not know the e-mail, so the dialog reads
 * the customer first (an empty e-mail would erase the stored one).
 */
export function CustomerEditDialog({
  customer,
  onClose,
}: {
  customer: CustomerTarget;
  onClose: () => void;
}) {
  if (customer.email !== undefined) return <EditForm customer={customer} onClose={onClose} />;
  return <LookupThenEdit customer={customer} onClose={onClose} />;
}

function LookupThenEdit({ customer, onClose }: { customer: CustomerTarget; onClose: () => void }) {
  const lookup = useCustomerLookup(customer.id, customer.phone);
  if (lookup.data) return <EditForm customer={lookup.data} onClose={onClose} />;
  return (
    <Dialog title={TITLE} description={customer.name} onClose={onClose}>
      <div className="dialog-body">
        {lookup.isPending ? (
          <LoadingIndicator label="Loading customer..." />
        ) : (
          <div className="banner banner-error" role="alert">
            <span>
              {lookup.isError
                ? 'Could not load this customer.'
                : 'This customer is no longer in the database.'}
            </span>
            {lookup.isError && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => void lookup.refetch()}
              >
                Retry
              </button>
            )}
          </div>
        )}
      </div>
      <div className="dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

const IDS: Record<CustomerEditField, string> = {
  name: 'customer-edit-name',
  phone: 'customer-edit-phone',
  email: 'customer-edit-email',
};

function EditForm({ customer, onClose }: { customer: CustomerTarget; onClose: () => void }) {
  const [form, setForm] = useState(() => customerEditForm(customer));
  const [errors, setErrors] = useState<CustomerEditErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useRef(false);
  const update = useUpdateCustomer();
  const saving = update.isPending;

  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const onChange = (field: CustomerEditField) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    const refused = validateCustomerEdit(form);
    if (Object.keys(refused).length > 0) {
      focusError.current = true;
      setErrors(refused);
      return;
    }
    setErrors({});
    update.mutate(
      { id: customer.id, input: buildCustomerUpdate(form) },
      {
        onSuccess: () => {
          toast(CUSTOMER_UPDATED_TOAST);
          onClose();
        },
        onError: (error) => {
          console.warn('Customer update failed', error);
          toast(CUSTOMER_UPDATE_FAILED_TOAST);
          const fromServer = knownFieldErrors(fieldErrorsOf(error), CUSTOMER_EDIT_FIELDS);
          if (Object.keys(fromServer).length > 0) {
            focusError.current = true;
            setErrors(fromServer);
          }
        },
      },
    );
  };

  return (
    <Dialog
      title={TITLE}
      description={customer.name}
      onClose={onClose}
      dismissible={!saving}
      closeOnBackdrop={false}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={saving}>
        <div className="dialog-body">
          <TextField
            id={IDS.name}
            label="Name"
            required
            autoComplete="off"
            value={form.name}
            onChange={onChange('name')}
            error={errors.name}
            look={STAFF_FORM_LOOK}
          />
          <TextField
            id={IDS.phone}
            label="Phone"
            type="tel"
            inputMode="tel"
            required
            autoComplete="off"
            value={form.phone}
            onChange={onChange('phone')}
            error={errors.phone}
            look={STAFF_FORM_LOOK}
          />
          <TextField
            id={IDS.email}
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            hint="Optional. Leave empty to remove it."
            value={form.email}
            onChange={onChange('email')}
            error={errors.email}
            look={STAFF_FORM_LOOK}
          />
        </div>
        <div className="dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
