import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import {
  CHARGING_RESULTS,
  CHARGING_RESULT_LABELS,
  RATING_STANDARDS,
  STARTER_RESULTS,
  TEST_DECISIONS,
  TEST_DECISION_LABELS,
  batteryTestInputSchema,
  testPrintout,
} from '@cincy/contracts';
import type { BatteryTestBody } from '../../api/battery-tests';
import { ApiRequestError, serverMessageOf } from '../../api/request';
import { useBatteryTests, useRecordBatteryTest } from '../../hooks/use-battery-tests';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import { JobPhotos } from '../../components/job-photos';

/** The form's values: the test's, with the optional starter and charging results flat. */
interface TestValues {
  battery: 'old' | 'new';
  ratingStandard: string;
  ratedCca?: number;
  measuredCca?: number;
  voltage?: number;
  stateOfHealth?: number;
  decision?: string;
  starterVoltage?: number | null;
  starterResult?: string;
  chargingVoltage?: number | null;
  chargingResult?: string;
  testCode?: string;
}

/** The test's body from the form (a starter or charging result only when it was run). */
export function testBodyOf(values: TestValues): BatteryTestBody {
  const pair = (voltage: number | null | undefined, result: string | undefined) =>
    voltage == null && !result ? null : { voltage, result };
  return {
    battery: values.battery,
    ratingStandard: values.ratingStandard,
    ratedCca: values.ratedCca,
    measuredCca: values.measuredCca,
    voltage: values.voltage,
    stateOfHealth: values.stateOfHealth,
    decision: values.decision,
    starter: pair(values.starterVoltage, values.starterResult),
    charging: pair(values.chargingVoltage, values.chargingResult),
    testCode: values.testCode?.trim() || null,
  } as BatteryTestBody;
}

/** Where a refusal's nested field lands on the flat form. */
const FLAT: Record<string, string> = {
  'starter.voltage': 'starterVoltage',
  'starter.result': 'starterResult',
  'charging.voltage': 'chargingVoltage',
  'charging.result': 'chargingResult',
};

const options = (values: readonly string[], label: (v: string) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));

/**
 * What was recorded at the door, in the completion dialog: the battery tests as the tester printed
 * them, with a form to type one in from a printout (a warranty stands on a failing test of the old
 * battery), and the photos taken.
 */
export function DoorRecordsPanel({ appointmentId }: { appointmentId: number }) {
  const tests = useBatteryTests(appointmentId);
  const record = useRecordBatteryTest(appointmentId);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<TestValues>();
  const rule = (field: string) => [zodRule(batteryTestInputSchema, field)];

  const onFinish = (values: TestValues) => {
    setError(null);
    record.mutate(testBodyOf(values), {
      onSuccess: () => {
        form.resetFields();
        setAdding(false);
      },
      onError: (failure) => {
        setError(serverMessageOf(failure) ?? 'The test could not be saved. Try again.');
        if (failure instanceof ApiRequestError && failure.fieldErrors)
          showServerErrors(
            form,
            Object.fromEntries(
              Object.entries(failure.fieldErrors).map(([k, v]) => [FLAT[k] ?? k, v]),
            ),
          );
      },
    });
  };

  return (
    <section aria-labelledby={`tests-${appointmentId}`} style={{ marginBottom: 16 }}>
      {/* The dialog's first heading: level 2 under the page's h1, sized as a section's. */}
      <Typography.Title
        level={2}
        id={`tests-${appointmentId}`}
        style={{ marginTop: 0, fontSize: 16 }}
      >
        Battery tests
      </Typography.Title>
      {tests.isError ? (
        <Alert
          type="error"
          title="Could not load the battery tests."
          action={<Button onClick={() => void tests.refetch()}>Retry</Button>}
        />
      ) : tests.isPending ? (
        <Typography.Text type="secondary">Loading the tests…</Typography.Text>
      ) : tests.data.length === 0 ? (
        <Typography.Text type="secondary">No test recorded yet.</Typography.Text>
      ) : (
        <Flex vertical gap={6} role="list" aria-label="Battery tests">
          {tests.data.map((test) => (
            <Typography.Text key={test.id} role="listitem" style={{ whiteSpace: 'pre-line' }}>
              {testPrintout(test).join('\n')}
            </Typography.Text>
          ))}
        </Flex>
      )}
      {!adding ? (
        <div style={{ marginTop: 8 }}>
          <Button onClick={() => setAdding(true)}>Add a battery test</Button>
        </div>
      ) : (
        <Form<TestValues>
          form={form}
          name={`battery-test-${appointmentId}`}
          layout="vertical"
          validateTrigger={[]}
          initialValues={{ battery: 'old', ratingStandard: 'SAE' }}
          disabled={record.isPending}
          onFinish={onFinish}
          style={{ marginTop: 8 }}
          noValidate
        >
          <Flex gap={12} wrap>
            <Form.Item name="battery" label="Battery tested" rules={rule('battery')}>
              <Select
                style={{ minWidth: 200 }}
                options={[
                  { value: 'old', label: 'Old battery (in the car)' },
                  { value: 'new', label: 'New battery (put in)' },
                ]}
              />
            </Form.Item>
            <Form.Item name="ratingStandard" label="Rating standard" rules={rule('ratingStandard')}>
              <Select style={{ minWidth: 100 }} options={options(RATING_STANDARDS)} />
            </Form.Item>
            <Form.Item name="decision" label="Decision" rules={rule('decision')}>
              <Select
                style={{ minWidth: 180 }}
                placeholder="Choose…"
                options={options(TEST_DECISIONS, (d) => TEST_DECISION_LABELS[d as never])}
              />
            </Form.Item>
          </Flex>
          <Flex gap={12} wrap>
            <Form.Item name="ratedCca" label="Rated CCA" rules={rule('ratedCca')}>
              <InputNumber min={0} max={2000} precision={0} inputMode="numeric" />
            </Form.Item>
            <Form.Item name="measuredCca" label="Measured CCA" rules={rule('measuredCca')}>
              <InputNumber min={0} max={2000} precision={0} inputMode="numeric" />
            </Form.Item>
            <Form.Item name="voltage" label="Voltage (V)" rules={rule('voltage')}>
              <InputNumber min={0} max={20} step={0.01} precision={2} inputMode="decimal" />
            </Form.Item>
            <Form.Item name="stateOfHealth" label="Health (%)" rules={rule('stateOfHealth')}>
              <InputNumber min={0} max={100} precision={0} inputMode="numeric" />
            </Form.Item>
          </Flex>
          <Flex gap={12} wrap>
            <Form.Item name="starterVoltage" label="Cranking voltage (V), optional">
              <InputNumber min={0} max={20} step={0.01} precision={2} inputMode="decimal" />
            </Form.Item>
            <Form.Item name="starterResult" label="Starter, optional">
              <Select style={{ minWidth: 120 }} allowClear options={options(STARTER_RESULTS)} />
            </Form.Item>
            <Form.Item name="chargingVoltage" label="Charging voltage (V), optional">
              <InputNumber min={0} max={20} step={0.01} precision={2} inputMode="decimal" />
            </Form.Item>
            <Form.Item name="chargingResult" label="Charging system, optional">
              <Select
                style={{ minWidth: 180 }}
                allowClear
                options={options(CHARGING_RESULTS, (r) => CHARGING_RESULT_LABELS[r as never])}
              />
            </Form.Item>
          </Flex>
          <Form.Item name="testCode" label="Test code, optional" rules={rule('testCode')}>
            <Input maxLength={40} style={{ maxWidth: 240 }} />
          </Form.Item>
          {error && <Alert type="error" title={error} style={{ marginBottom: 12 }} />}
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={record.isPending}>
              Save test
            </Button>
            <Button onClick={() => setAdding(false)}>Cancel</Button>
          </Flex>
        </Form>
      )}
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
        Photos
      </Typography.Title>
      <JobPhotos appointmentId={appointmentId} />
    </section>
  );
}
