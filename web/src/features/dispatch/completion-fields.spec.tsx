import { renderToStaticMarkup } from 'react-dom/server';
import { SERVICE_RECORD_MESSAGES, type InventoryItem } from '@cincy/contracts';
import { CompletionFields } from './completion-fields';
import {
  EMPTY_COMPLETION_FORM,
  completionFieldsShown,
  parseVehicleText,
  type CompletionErrors,
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
  notes: null,
};

function render(
  values: Partial<CompletionForm>,
  { verified = false, verifying = false, errors = {} as CompletionErrors } = {},
) {
  const form = { ...EMPTY_COMPLETION_FORM, ...values };
  return renderToStaticMarkup(
    <CompletionFields
      form={form}
      errors={errors}
      shown={completionFieldsShown(form.serviceCode, verified)}
      verified={verified}
      verifying={verifying}
      saving={false}
      batteries={{ items: [battery], loading: false, failed: false, retry: noop }}
      parsedVehicle={parseVehicleText('2019 Toyota Camry (Blue)')}
      vehicleText="2019 Toyota Camry (Blue)"
      onChange={noop}
      onVerify={noop}
    />,
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
    expect(html).toContain(
      '<option value="" selected="">Select service code</option>' +
        '<option value="battery installed">Battery Installed</option>' +
        '<option value="battery test">Battery Test</option>' +
        '<option value="no service">No Service Rendered</option>' +
        '<option value="warranty replacement">Warranty Replacement</option>',
    );
    expect(html).toMatch(
      /<textarea[^>]*rows="3"[^>]*placeholder="Additional details about the service\.\.\."/,
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
    expect(html).toContain('<option value="" selected="">Select battery from inventory</option>');
    expect(html).toContain('<option value="3">AGM 48 - Group 48 AGM (Stock: 3)</option>');
    expect(html).toMatch(/<input[^>]*id="completion-mileage"[^>]*type="number"/);
  });

  it('shows only the previous serial and Verify for an unverified warranty replacement', () => {
    const html = render({ serviceCode: 'warranty replacement' });
    expect(labels(html).slice(0, 3)).toEqual([
      'Service Performed *',
      'Previous Battery Serial Number *',
      'Notes',
    ]);
    expect(html).toMatch(
      /<button type="button" class="btn btn-secondary" disabled="">Verify<\/button>/,
    );
  });

  it('enables Verify once a serial is typed, and reads Verifying... while pending', () => {
    const typed = {
      serviceCode: 'warranty replacement' as const,
      previousBatterySerialNumber: 'OLD-1',
    };
    expect(render(typed)).toMatch(
      /<button type="button" class="btn btn-secondary">Verify<\/button>/,
    );
    expect(render(typed, { verifying: true })).toMatch(/disabled="">Verifying\.\.\.<\/button>/);
  });

  it('locks the verified serial and shows the replacement fields', () => {
    const html = render(
      { serviceCode: 'warranty replacement', previousBatterySerialNumber: 'OLD-1' },
      { verified: true },
    );
    expect(html).toMatch(/disabled="">✓ Verified<\/button>/);
    expect(html).toMatch(/<input id="completion-previous-serial"[^>]*readonly=""/i);
    expect(labels(html).slice(0, 5)).toEqual([
      'Service Performed *',
      'Previous Battery Serial Number *',
      'Select Replacement Battery *',
      'New Battery Serial Number *',
      'Vehicle Mileage *',
    ]);
  });

  it('writes the combined message under the serial and marks the other missing fields', () => {
    const combined = SERVICE_RECORD_MESSAGES.batteryDetailsRequired;
    const html = render(
      { serviceCode: 'battery installed' },
      { errors: { batterySerialNumber: combined, vehicleMileage: combined } },
    );
    expect(html.split(combined)).toHaveLength(2);
    expect(html).toContain(`<p class="field-error" id="completion-serial-error">${combined}</p>`);
    expect(html).toMatch(
      /<input[^>]*id="completion-mileage"[^>]*aria-invalid="true"[^>]*aria-describedby="completion-serial-error"/,
    );
  });

  it('offers the parsed vehicle as placeholders of the vehicle fields', () => {
    const html = render({});
    expect(html).toMatch(/id="completion-vehicle-year"[^>]*placeholder="2019"/);
    expect(html).toMatch(/id="completion-vehicle-color"[^>]*placeholder="Blue"/);
  });
});
