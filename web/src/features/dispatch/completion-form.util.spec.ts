import { SERVICE_RECORD_MESSAGES, type InventoryItem } from '@cincy/contracts';
import {
  COMPLETION_MESSAGES,
  EMPTY_COMPLETION_FORM,
  SERVICE_CODE_OPTIONS,
  buildServiceRecordPayload,
  completionFormOf,
  completionFieldsShown,
  fieldError,
  inventoryOptionLabel,
  inventoryOptions,
  mergeVehicle,
  parseInventoryItemId,
  parseVehicleText,
  validateCompletion,
  type CompletionForm,
} from './completion-form.util';

const appointment = {
  id: 41,
  customerId: 12,
  technicianId: 7,
  technician: { name: 'Terry Tech' },
  technicianUsername: 'terry',
  vehicle: '2019 Toyota Camry (Blue)',
};

const form = (values: Partial<CompletionForm>): CompletionForm => ({
  ...EMPTY_COMPLETION_FORM,
  ...values,
});

const installed = form({
  serviceCode: 'battery installed',
  inventoryItemId: '3',
  batterySerialNumber: ' SN-100 ',
  vehicleMileage: '45210',
  completionNotes: ' Old battery recycled ',
});

describe('parseVehicleText', () => {
  it('reads year, make, model and the colour in parentheses', () => {
    expect(parseVehicleText('2019 Toyota Camry (Blue)')).toEqual({
      vehicleYear: '2019',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleColor: 'Blue',
    });
  });

  it('takes the colour as optional, and hyphenated one-word models', () => {
    expect(parseVehicleText('2021 Ford F-150')).toEqual({
      vehicleYear: '2021',
      vehicleMake: 'Ford',
      vehicleModel: 'F-150',
      vehicleColor: '',
    });
  });

  it.each([
    ['empty', ''],
    ['null', null],
    ['a two-digit year', '19 Toyota Camry'],
    ['a two-word model', '2019 Land Rover Range Rover (Black)'],
    ['no model', '2019 Toyota'],
    ['free text', 'red pickup by the gate'],
  ])('gives empty values for %s', (_what, text) => {
    expect(parseVehicleText(text)).toEqual({
      vehicleYear: '',
      vehicleMake: '',
      vehicleModel: '',
      vehicleColor: '',
    });
  });
});

describe('mergeVehicle', () => {
  it('lets a field typed in the form win and keeps the parsed value for an empty one', () => {
    const parsed = parseVehicleText('2019 Toyota Camry (Blue)');
    expect(
      mergeVehicle(parsed, {
        vehicleYear: '',
        vehicleMake: '  ',
        vehicleModel: 'Corolla',
        vehicleColor: 'Silver',
      }),
    ).toEqual({
      vehicleYear: '2019',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleColor: 'Silver',
    });
  });
});

describe('parseInventoryItemId', () => {
  it('parses an integer and leaves an empty or broken value undefined', () => {
    expect(parseInventoryItemId('3')).toBe(3);
    expect(parseInventoryItemId('')).toBeUndefined();
    expect(parseInventoryItemId('x')).toBeUndefined();
  });
});

describe('buildServiceRecordPayload', () => {
  it("builds the spec's payload for a battery installation, for the appointment's technician", () => {
    expect(buildServiceRecordPayload(appointment, installed)).toEqual({
      appointmentId: 41,
      customerId: 12,
      serviceCode: 'battery installed',
      completionNotes: 'Old battery recycled',
      batterySerialNumber: 'SN-100',
      previousBatterySerialNumber: '',
      vehicleYear: '2019',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleColor: 'Blue',
      vehicleMileage: '45210',
      technicianId: 7,
      technicianName: 'Terry Tech',
      inventoryItemId: 3,
      oldBatteryKept: false,
    });
  });

  it('says the customer kept the old battery only for a battery sold (a warranty swap has no core)', () => {
    const kept = (serviceCode: CompletionForm['serviceCode']) =>
      buildServiceRecordPayload(
        appointment,
        completionFormOf({ ...installed, serviceCode, oldBatteryKept: true }),
      ).oldBatteryKept;
    expect(kept('battery installed')).toBe(true);
    expect(kept('warranty replacement')).toBe(false);
    expect(kept('battery test')).toBe(false);
    expect(
      buildServiceRecordPayload(
        appointment,
        completionFormOf({ ...installed, oldBatteryKept: false }),
      ).oldBatteryKept,
    ).toBe(false);
  });

  it("falls back to the technician's username when the technician has no name", () => {
    const payload = buildServiceRecordPayload(
      { ...appointment, technician: null },
      form({ serviceCode: 'battery test' }),
    );
    expect(payload.technicianName).toBe('terry');
  });

  it('sends the previous serial only for a warranty replacement', () => {
    const warranty = buildServiceRecordPayload(
      appointment,
      form({
        ...installed,
        serviceCode: 'warranty replacement',
        previousBatterySerialNumber: 'OLD-1',
      }),
    );
    expect(warranty.previousBatterySerialNumber).toBe('OLD-1');
    expect(warranty.batterySerialNumber).toBe('SN-100');
    const installation = buildServiceRecordPayload(
      appointment,
      form({ ...installed, previousBatterySerialNumber: 'OLD-1' }),
    );
    expect(installation.previousBatterySerialNumber).toBe('');
  });

  it('leaves out battery fields left over from another service code', () => {
    const payload = buildServiceRecordPayload(appointment, {
      ...installed,
      serviceCode: 'battery test',
    });
    expect(payload).toMatchObject({
      serviceCode: 'battery test',
      batterySerialNumber: '',
      vehicleMileage: '',
      inventoryItemId: undefined,
    });
  });

  it('uses vehicle fields typed in the form over the parsed ones', () => {
    const payload = buildServiceRecordPayload(appointment, { ...installed, vehicleColor: 'Red' });
    expect(payload.vehicleColor).toBe('Red');
    expect(payload.vehicleModel).toBe('Camry');
  });

  it("raises 'No appointment selected' without an appointment", () => {
    expect(() => buildServiceRecordPayload(null, installed)).toThrow('No appointment selected');
  });
});

describe('validateCompletion', () => {
  const validate = (values: Partial<CompletionForm>, verified = false) =>
    validateCompletion(buildServiceRecordPayload(appointment, form(values)), verified);

  it('asks for a service code', () => {
    expect(validate({})).toEqual({ serviceCode: SERVICE_RECORD_MESSAGES.serviceCodeRequired });
  });

  it('accepts a battery test with nothing else', () => {
    expect(validate({ serviceCode: 'battery test' })).toEqual({});
    expect(validate({ serviceCode: 'no service', completionNotes: 'Nobody home' })).toEqual({});
  });

  it('accepts a complete battery installation', () => {
    expect(validate(installed)).toEqual({});
  });

  it('puts the combined battery message on the serial field', () => {
    const errors = validate({ ...installed, batterySerialNumber: '' });
    expect(errors.batterySerialNumber).toBe(SERVICE_RECORD_MESSAGES.batteryDetailsRequired);
  });

  it('reports a missing battery or mileage with the same message, on the serial field too', () => {
    const errors = validate({ ...installed, inventoryItemId: '', vehicleMileage: '' });
    expect(errors).toEqual({
      batterySerialNumber: SERVICE_RECORD_MESSAGES.batteryDetailsRequired,
      inventoryItemId: SERVICE_RECORD_MESSAGES.batteryDetailsRequired,
      vehicleMileage: SERVICE_RECORD_MESSAGES.batteryDetailsRequired,
    });
  });

  it('refuses a mileage that is not a whole number', () => {
    expect(validate({ ...installed, vehicleMileage: '12.5' }).vehicleMileage).toBe(
      'Vehicle mileage must be a whole number of miles',
    );
  });

  it('asks for a verified previous serial before anything else of a warranty replacement', () => {
    expect(validate({ serviceCode: 'warranty replacement' })).toEqual({
      previousBatterySerialNumber: COMPLETION_MESSAGES.previousSerialRequired,
    });
    expect(
      validate({ serviceCode: 'warranty replacement', previousBatterySerialNumber: 'OLD-1' }),
    ).toEqual({ previousBatterySerialNumber: COMPLETION_MESSAGES.verifyFirst });
  });

  it('checks a verified warranty replacement like an installation', () => {
    const warranty = {
      ...installed,
      serviceCode: 'warranty replacement' as const,
      previousBatterySerialNumber: 'OLD-1',
    };
    expect(validate(warranty, true)).toEqual({});
    expect(validate({ ...warranty, batterySerialNumber: '' }, true).batterySerialNumber).toBe(
      SERVICE_RECORD_MESSAGES.batteryDetailsRequired,
    );
  });
});

describe('fieldError', () => {
  it('writes the combined message under the serial field only; the others point at it', () => {
    const combined = SERVICE_RECORD_MESSAGES.batteryDetailsRequired;
    const errors = { batterySerialNumber: combined, vehicleMileage: combined };
    expect(fieldError(errors, 'batterySerialNumber')).toEqual({
      message: combined,
      pointsToSerial: false,
    });
    expect(fieldError(errors, 'vehicleMileage')).toEqual({ pointsToSerial: true });
    expect(fieldError(errors, 'inventoryItemId')).toEqual({ pointsToSerial: false });
  });

  it('shows other messages where they belong', () => {
    expect(fieldError({ vehicleMileage: 'Whole miles' }, 'vehicleMileage')).toEqual({
      message: 'Whole miles',
      pointsToSerial: false,
    });
  });
});

describe('completionFieldsShown', () => {
  it('shows the battery fields for an installation', () => {
    expect(completionFieldsShown('battery installed', false)).toEqual({
      previousSerial: false,
      battery: true,
    });
  });

  it('shows a warranty replacement the previous serial first, the rest once verified', () => {
    expect(completionFieldsShown('warranty replacement', false)).toEqual({
      previousSerial: true,
      battery: false,
    });
    expect(completionFieldsShown('warranty replacement', true)).toEqual({
      previousSerial: true,
      battery: true,
    });
  });

  it.each(['', 'battery test', 'no service'] as const)('shows no battery fields for %p', (code) => {
    expect(completionFieldsShown(code, true)).toEqual({ previousSerial: false, battery: false });
  });
});

describe('service code options', () => {
  it("lists the four services in the dialog's spelling with their labels", () => {
    expect(SERVICE_CODE_OPTIONS).toEqual([
      { value: 'battery installed', label: 'Battery Installed' },
      { value: 'battery test', label: 'Battery Test' },
      { value: 'no service', label: 'No Service Rendered' },
      { value: 'warranty replacement', label: 'Warranty Replacement' },
    ]);
  });
});

describe('inventory options', () => {
  const item = (values: Partial<InventoryItem>): InventoryItem => ({
    id: 1,
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
    notes: null,
    byLocation: [],
    ...values,
  });

  it("reads 'name - description (Stock: n)', falling back to the sku", () => {
    expect(inventoryOptionLabel(item({}))).toBe('AGM 48 - Group 48 AGM (Stock: 3)');
    expect(inventoryOptionLabel(item({ description: null }))).toBe('AGM 48 - AGM-48 (Stock: 3)');
    expect(inventoryOptionLabel(item({ description: '', sku: null }))).toBe('AGM 48 (Stock: 3)');
  });

  it('disables an item with no stock', () => {
    expect(inventoryOptions([item({ id: 1 }), item({ id: 2, quantity: 0 })])).toEqual([
      { value: '1', label: 'AGM 48 - Group 48 AGM (Stock: 3)', disabled: false },
      { value: '2', label: 'AGM 48 - Group 48 AGM (Stock: 0)', disabled: true },
    ]);
  });
});
