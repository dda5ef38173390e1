import {
  Button,
  Checkbox,
  Collapse,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { OLD_BATTERY_KEPT_LABEL, type InventoryItem } from '@cincy/contracts';
import {
  SERVICE_CODE_OPTIONS,
  inventoryOptions,
  type CompletionField,
  type VehicleFields,
} from './completion-form.util';

export const COMPLETION_IDS = {
  serviceCode: 'completion-service-code',
  inventoryItemId: 'completion-battery',
  batterySerialNumber: 'completion-serial',
  previousBatterySerialNumber: 'completion-previous-serial',
  vehicleMileage: 'completion-mileage',
  completionNotes: 'completion-notes',
  vehicleYear: 'completion-vehicle-year',
  vehicleMake: 'completion-vehicle-make',
  vehicleModel: 'completion-vehicle-model',
  vehicleColor: 'completion-vehicle-color',
  oldBatteryKept: 'completion-old-battery-kept',
} as const satisfies Record<CompletionField, string>;

export interface BatteryList {
  items: readonly InventoryItem[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

interface Props {
  /** The field's rules: the form's schema through `zodRule`. */
  ruleOf: (field: CompletionField) => Rule[];
  shown: { previousSerial: boolean; battery: boolean };
  verified: boolean;
  verifying: boolean;
  /** A previous serial is typed (Verify is on). */
  canVerify: boolean;
  batteries: BatteryList;
  /** What the booking's vehicle text says: the placeholders of the vehicle fields. */
  parsedVehicle: VehicleFields;
  vehicleText: string | null;
  onVerify: () => void;
}

/** The fields the combined battery message is about: a change to one clears them all. */
export const BATTERY_FIELDS: readonly CompletionField[] = [
  'inventoryItemId',
  'batterySerialNumber',
  'vehicleMileage',
  'previousBatterySerialNumber',
];

/** A cleared number is '' (the form keeps its values as text). */
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The fields of the completion dialog, inside its antd Form: the chosen service decides which
 * are shown. The label, the id the label points at and the rules of each come from one place.
 */
export function CompletionFields({
  ruleOf,
  shown,
  verified,
  verifying,
  canVerify,
  batteries,
  parsedVehicle,
  vehicleText,
  onVerify,
}: Props) {
  const item = (field: CompletionField) => ({
    name: field,
    htmlFor: COMPLETION_IDS[field],
    rules: ruleOf(field),
  });
  const batteryItem = (field: CompletionField) => ({ ...item(field), required: true });
  const warranty = shown.previousSerial;

  const batteryHint = batteries.loading ? (
    'Loading batteries...'
  ) : batteries.failed ? (
    <>
      Could not load the battery list.{' '}
      <Button type="link" size="small" onClick={batteries.retry} style={{ padding: 0 }}>
        Try again
      </Button>
    </>
  ) : batteries.items?.length === 0 ? (
    'No batteries in inventory.'
  ) : undefined;

  return (
    <>
      <Form.Item {...item('serviceCode')} label="Service Performed" required>
        <Select
          id={COMPLETION_IDS.serviceCode}
          size="large"
          placeholder="Select service code"
          options={[...SERVICE_CODE_OPTIONS]}
        />
      </Form.Item>

      {warranty && (
        <Form.Item
          label="Previous Battery Serial Number"
          htmlFor={COMPLETION_IDS.previousBatterySerialNumber}
          required
        >
          <Space.Compact block>
            <Form.Item {...batteryItem('previousBatterySerialNumber')} noStyle>
              <Input
                id={COMPLETION_IDS.previousBatterySerialNumber}
                size="large"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                readOnly={verified}
              />
            </Form.Item>
            <Button
              size="large"
              type={verified ? 'default' : 'primary'}
              onClick={onVerify}
              disabled={verified || verifying || !canVerify}
            >
              {verified ? '✓ Verified' : verifying ? 'Verifying...' : 'Verify'}
            </Button>
          </Space.Compact>
        </Form.Item>
      )}

      {shown.battery && (
        <>
          <Form.Item
            {...batteryItem('inventoryItemId')}
            label={warranty ? 'Select Replacement Battery' : 'Select Battery'}
            extra={batteryHint}
          >
            <Select
              id={COMPLETION_IDS.inventoryItemId}
              size="large"
              placeholder="Select battery from inventory"
              options={inventoryOptions(batteries.items ?? [])}
              loading={batteries.loading}
            />
          </Form.Item>
          <Form.Item
            {...batteryItem('batterySerialNumber')}
            label={warranty ? 'New Battery Serial Number' : 'Battery Serial Number'}
          >
            <Input
              id={COMPLETION_IDS.batterySerialNumber}
              size="large"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </Form.Item>
          <Form.Item {...batteryItem('vehicleMileage')} label="Vehicle Mileage" normalize={asText}>
            <InputNumber<string>
              id={COMPLETION_IDS.vehicleMileage}
              size="large"
              stringMode
              inputMode="numeric"
              min="0"
              step={1}
              precision={0}
              controls={false}
              style={{ width: '100%' }}
            />
          </Form.Item>
          {!warranty && (
            <Form.Item name="oldBatteryKept" valuePropName="checked">
              <Checkbox id={COMPLETION_IDS.oldBatteryKept}>{OLD_BATTERY_KEPT_LABEL}</Checkbox>
            </Form.Item>
          )}
        </>
      )}

      <Form.Item {...item('completionNotes')} label="Notes">
        <Input.TextArea
          id={COMPLETION_IDS.completionNotes}
          rows={3}
          placeholder="Additional details about the service..."
        />
      </Form.Item>

      <Collapse
        ghost
        items={[
          {
            key: 'vehicle',
            label: 'Vehicle details',
            forceRender: true,
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {vehicleText
                    ? `From the booking: ${vehicleText}.`
                    : 'The booking names no vehicle.'}{' '}
                  Fill in a field only to correct it.
                </Typography.Paragraph>
                <Row gutter={12}>
                  {(
                    [
                      ['vehicleYear', 'Year'],
                      ['vehicleMake', 'Make'],
                      ['vehicleModel', 'Model'],
                      ['vehicleColor', 'Color'],
                    ] as const
                  ).map(([field, label]) => (
                    <Col key={field} xs={12} sm={6}>
                      <Form.Item {...item(field)} label={label}>
                        <Input
                          id={COMPLETION_IDS[field]}
                          inputMode={field === 'vehicleYear' ? 'numeric' : undefined}
                          placeholder={parsedVehicle[field]}
                        />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
