import { Form } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { SERVICE_RECORD_MESSAGES, type InventoryItem } from '@cincy/contracts';
import { zodRule } from '../../lib/zod-form';
import { requiredMark } from './completion-dialog';
import { CompletionFields } from './completion-fields';
import {
  EMPTY_COMPLETION_FORM,
  SEE_SERIAL_MESSAGE,
  SERVICE_CODE_OPTIONS,
  completionFieldsShown,
  completionFormSchema,
  inventoryOptions,
  parseVehicleText,
  type CompletionForm,
} from './completion-form.util';

const noop = () => undefined;
const battery: InventoryItem = {
  id: 3,
  name: 'AGM 48',
  description: 'Group 48 AGM',
  sku: 'AGM-48',
  category: 'battery',
  quantity: 3,
  minQuantity: 1,
  unitCost: 120,
  price: null,
  warrantyMonths: 12,
  vanMinQuantity: 0,
  byLocation: [],
  notes: null,
};
const schema = completionFormSchema({
  id: 1,
  customerId: 2,
  technicianId: 3,
  technician: { name: 'Terry Tech' },
  technicianUsername: 'terry',
  vehicle: null,
});

function render(values: Partial<CompletionForm>, { verified = false, verifying = false } = {}) {
  const form = { ...EMPTY_COMPLETION_FORM, ...values };
  return renderToStaticMarkup(
    <Form
      layout="vertical"
      requiredMark={requiredMark}
      initialValues={{
        ...form,
        serviceCode: form.serviceCode || undefined,
        inventoryItemId: form.inventoryItemId || undefined,
      }}
    >
      <CompletionFields
        ruleOf={(field) => [zodRule(schema, field)]}
        shown={completionFieldsShown(form.serviceCode, verified)}
        verified={verified}
        verifying={verifying}
        canVerify={form.previousBatterySerialNumber.trim() !== ''}
        batteries={{ items: [battery], loading: false, failed: false, retry: noop }}
        parsedVehicle={parseVehicleText('2019 Toyota Camry (Blue)')}
        vehicleText="2019 Toyota Camry (Blue)"
        onVerify={noop}
      />
    </Form>,
  );
}

/** The visible label texts, with the required mark. */
const labels = (html: string) =>
  [...html.matchAll(/<label[^>]*>(.*?)<\/label>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));

describe('CompletionFields', () => {
  it('starts with the service select, its placeholder first, and the notes', () => {
    const html = render({});
    expect(labels(html)).toEqual([
      'Service Performed *',
      'Notes',
      'Year',
      'Make',
      'Model',
      'Color',
    ]);
    expect(html).toContain('Select service code');
    // The select's choices (antd draws them when it opens): the four services, in this order.
    expect(SERVICE_CODE_OPTIONS.map((o) => [o.value, o.label])).toEqual([
      ['battery installed', 'Battery Installed'],
      ['battery test', 'Battery Test'],
      ['no service', 'No Service Rendered'],
      ['warranty replacement', 'Warranty Replacement'],
    ]);
    expect(html).toMatch(
      /<textarea[^>]*placeholder="Additional details about the service\.\.\."[^>]*rows="3"|<textarea[^>]*rows="3"[^>]*placeholder="Additional details about the service\.\.\."/,
    );
  });

  it('shows battery, serial and mileage for Battery Installed', () => {
    const html = render({ serviceCode: 'battery installed' });
    expect(labels(html).slice(0, 4)).toEqual([
      'Service Performed *',
      'Select Battery *',
      'Battery Serial Number *',
      'Vehicle Mileage *',
    ]);
    expect(html).toContain('Select battery from inventory');
    expect(inventoryOptions([battery])).toEqual([
      { value: '3', label: 'AGM 48 - Group 48 AGM (Stock: 3)', disabled: false },
    ]);
    expect(html).toMatch(/<input[^>]*id="completion-mileage"[^>]*inputMode="numeric"/i);
  });

  it('shows only the previous serial and Verify for an unverified warranty replacement', () => {
    const html = render({ serviceCode: 'warranty replacement' });
    expect(labels(html).slice(0, 3)).toEqual([
      'Service Performed *',
      'Previous Battery Serial Number *',
      'Notes',
    ]);
    expect(html).toMatch(/<button type="button"[^>]*disabled=""><span>Verify<\/span><\/button>/);
  });

  it('enables Verify once a serial is typed, and reads Verifying... while pending', () => {
    const typed = {
      serviceCode: 'warranty replacement' as const,
      previousBatterySerialNumber: 'OLD-1',
    };
    expect(render(typed)).toMatch(
      /<button type="button" class="[^"]*"><span>Verify<\/span><\/button>/,
    );
    expect(render(typed, { verifying: true })).toMatch(
      /disabled=""><span>Verifying\.\.\.<\/span><\/button>/,
    );
  });

  it('locks the verified serial and shows the replacement fields', () => {
    const html = render(
      { serviceCode: 'warranty replacement', previousBatterySerialNumber: 'OLD-1' },
      { verified: true },
    );
    expect(html).toMatch(/disabled=""><span>✓ Verified<\/span><\/button>/);
    expect(html).toMatch(/<input[^>]*id="completion-previous-serial"[^>]*readOnly=""/i);
    expect(labels(html).slice(0, 5)).toEqual([
      'Service Performed *',
      'Previous Battery Serial Number *',
      'Select Replacement Battery *',
      'New Battery Serial Number *',
      'Vehicle Mileage *',
    ]);
  });

  it('offers the parsed vehicle as placeholders of the vehicle fields', () => {
    const html = render({});
    expect(html).toMatch(
      /id="completion-vehicle-year"[^>]*placeholder="2019"|placeholder="2019"[^>]*id="completion-vehicle-year"/,
    );
    expect(html).toMatch(
      /id="completion-vehicle-color"[^>]*placeholder="Blue"|placeholder="Blue"[^>]*id="completion-vehicle-color"/,
    );
  });
});

describe('completionFormSchema', () => {
  const issues = (values: Record<string, unknown>) => {
    const result = schema.safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  };
  const combined = SERVICE_RECORD_MESSAGES.batteryDetailsRequired;

  it('writes the combined message under the serial and marks the other missing fields', () => {
    expect(issues({ serviceCode: 'battery installed' })).toEqual({
      batterySerialNumber: combined,
      inventoryItemId: SEE_SERIAL_MESSAGE,
      vehicleMileage: SEE_SERIAL_MESSAGE,
    });
  });

  it('accepts a complete installation, with the mileage as a number', () => {
    expect(
      issues({
        serviceCode: 'battery installed',
        inventoryItemId: '3',
        batterySerialNumber: 'SN-1',
        vehicleMileage: 45210,
      }),
    ).toEqual({});
  });

  it('asks a warranty replacement for its verified previous serial first', () => {
    expect(
      issues({ serviceCode: 'warranty replacement', previousBatterySerialNumber: 'OLD' }),
    ).toEqual({
      previousBatterySerialNumber: 'Verify the previous battery serial number first',
    });
  });
});
