import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { InventoryItem } from '@cincy/contracts';
import { fieldErrorsOf } from '../../api/request';
import { Dialog } from '../../components/dialog';
import {
  STAFF_FORM_LOOK,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/form-field';
import { toast } from '../../components/toast';
import { useSaveInventoryItem } from '../../hooks/use-save-inventory-item';
import { knownFieldErrors } from '../../lib/field-errors';
import {
  CATEGORY_OPTIONS,
  EMPTY_INVENTORY_FORM,
  INVENTORY_FIELDS,
  buildInventoryPayload,
  inventoryForm,
  validateInventoryItem,
  type InventoryErrors,
  type InventoryField,
} from './inventory-form.util';
import { itemSaveFailedToast, itemSavedToast } from './inventory-toasts.util';

const IDS: Record<InventoryField, string> = {
  name: 'item-name',
  description: 'item-description',
  sku: 'item-sku',
  category: 'item-category',
  quantity: 'item-quantity',
  minQuantity: 'item-min-quantity',
  unitCost: 'item-unit-cost',
  notes: 'item-notes',
};

/** 'Add New Item' (no item) or 'Edit Item' (admins). */
export function InventoryItemDialog({
  item,
  onClose,
}: {
  item: InventoryItem | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState(() => (item ? inventoryForm(item) : EMPTY_INVENTORY_FORM));
  const [errors, setErrors] = useState<InventoryErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useRef(false);
  const save = useSaveInventoryItem();
  const saving = save.isPending;

  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const onChange = (field: InventoryField) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    const refused = validateInventoryItem(form);
    if (Object.keys(refused).length > 0) {
      focusError.current = true;
      setErrors(refused);
      return;
    }
    setErrors({});
    save.mutate(
      { id: item?.id ?? null, input: buildInventoryPayload(form) },
      {
        onSuccess: () => {
          toast(itemSavedToast(item === null));
          onClose();
        },
        onError: (error) => {
          console.warn('Saving the inventory item failed', error);
          toast(itemSaveFailedToast(error));
          const fromServer = knownFieldErrors(fieldErrorsOf(error), INVENTORY_FIELDS);
          if (Object.keys(fromServer).length > 0) {
            focusError.current = true;
            setErrors(fromServer);
          }
        },
      },
    );
  };

  const field = (name: InventoryField) => ({
    id: IDS[name],
    value: form[name],
    onChange: onChange(name),
    error: errors[name],
    look: STAFF_FORM_LOOK,
  });

  return (
    <Dialog
      title={item ? 'Edit Item' : 'Add New Item'}
      description={item ? item.name : 'A battery or supply the technicians take from stock.'}
      onClose={onClose}
      dismissible={!saving}
      closeOnBackdrop={false}
      className="dialog-md"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={saving}>
        <div className="dialog-body">
          <TextField {...field('name')} label="Name" required autoComplete="off" />
          <TextField {...field('description')} label="Description" autoComplete="off" />
          <div className="field-row">
            <TextField
              {...field('sku')}
              label="SKU"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <SelectField
              {...field('category')}
              label="Category"
              required
              options={CATEGORY_OPTIONS}
              placeholder="Select category"
            />
          </div>
          <div className="field-row field-row-3">
            <TextField
              {...field('quantity')}
              label="Quantity"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              required
            />
            <TextField
              {...field('minQuantity')}
              label="Min Quantity"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              required
            />
            <TextField
              {...field('unitCost')}
              label="Unit Cost ($)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="0.00"
              required
            />
          </div>
          <TextAreaField {...field('notes')} label="Notes" rows={3} />
        </div>
        <div className="dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save Item'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
