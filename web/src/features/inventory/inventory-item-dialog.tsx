import { Col, Form, Input, Row, Select } from 'antd';
import type { InventoryItem } from '@cincy/contracts';
import { fieldErrorsOf } from '../../api/request';
import { FormDialog } from '../../components/form-dialog';
import { toast } from '../../components/toast';
import { useInventory } from '../../hooks/use-inventory';
import { useSaveInventoryItem } from '../../hooks/use-save-inventory-item';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import {
  CATEGORY_OPTIONS,
  EMPTY_INVENTORY_FORM,
  buildInventoryPayload,
  inventoryForm,
  keepLiveCount,
  inventoryFormSchema,
  type InventoryForm,
} from './inventory-form.util';
import { itemSaveFailedToast, itemSavedToast } from './inventory-toasts.util';

const rule = (field: keyof InventoryForm) => [zodRule(inventoryFormSchema, field)];

/** What the price is, said under it: a battery's installation is billed from the price list. */
const PRICE_HELP = 'What a customer pays, tax included, before installation.';

/** 'Add New Item' (no item) or 'Edit Item' (admins). */
export function InventoryItemDialog({
  item,
  open,
  onClose,
  afterClose,
}: {
  item: InventoryItem | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<InventoryForm>();
  const save = useSaveInventoryItem();
  const saving = save.isPending;
  // The item as the live list has it now (pushes keep it current while the dialog is open).
  const live = useInventory({ enabled: item !== null }).data?.find((i) => i.id === item?.id);

  const onFinish = (values: InventoryForm) =>
    save.mutate(
      {
        id: item?.id ?? null,
        input: keepLiveCount(buildInventoryPayload(values, item !== null), item, live),
      },
      {
        onSuccess: () => {
          toast(itemSavedToast(item === null));
          onClose();
        },
        onError: (error) => {
          console.warn('Saving the inventory item failed', error);
          toast(itemSaveFailedToast(error));
          showServerErrors(form, fieldErrorsOf(error));
        },
      },
    );

  return (
    <FormDialog
      open={open}
      title={item ? 'Edit Item' : 'Add New Item'}
      okText="Save Item"
      saving={saving}
      onClose={onClose}
      afterClose={afterClose}
      form={form}
      name="inventory-item"
      initialValues={item ? inventoryForm(item) : EMPTY_INVENTORY_FORM}
      onFinish={onFinish}
    >
      <p>{item ? item.name : 'A battery or supply the technicians take from stock.'}</p>
      <Form.Item name="name" label="Name" required rules={rule('name')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={rule('description')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="sku" label="SKU" rules={rule('sku')}>
            <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="category" label="Category" required rules={rule('category')}>
            <Select options={CATEGORY_OPTIONS} placeholder="Select category" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="quantity"
            label="Quantity"
            required
            rules={rule('quantity')}
            // The server records a changed count as a correction (who, when): said here.
            extra={item ? 'A change is recorded as a count correction' : undefined}
          >
            <Input type="number" inputMode="numeric" min={0} step={1} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="minQuantity" label="Min Quantity" required rules={rule('minQuantity')}>
            <Input type="number" inputMode="numeric" min={0} step={1} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="unitCost" label="Unit Cost ($)" required rules={rule('unitCost')}>
            <Input type="number" inputMode="decimal" min={0} step={0.01} placeholder="0.00" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="price"
            label="Price ($)"
            rules={rule('price')}
            extra={`${PRICE_HELP} ${item ? 'Empty: not sold on its own.' : 'Empty: a battery starts at the house price of its kind.'}`}
          >
            <Input type="number" inputMode="decimal" min={0} step={0.01} placeholder="0.00" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="warrantyMonths"
            label="Warranty (months)"
            rules={rule('warrantyMonths')}
            extra="Given with each battery put in; a change leaves the warranties already given."
          >
            <Input type="number" inputMode="numeric" min={0} max={120} step={1} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="vanMinQuantity"
            label="Van minimum"
            rules={rule('vanMinQuantity')}
            extra="Each van should carry at least this many (0: none); below it, the van is low."
          >
            <Input type="number" inputMode="numeric" min={0} max={100} step={1} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="notes" label="Notes" rules={rule('notes')}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
