import { Button, Form, Input, Space, Typography, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { FormListProps } from 'antd/es/form/FormList';
import { MAX_SHIFTS_PER_DAY } from '@cincy/contracts';
import { DEFAULT_RANGE } from './schedule.util';

type ListRule = NonNullable<FormListProps['rules']>[number];

/** A form rule (zodRule's reads the whole form) as a Form.List takes it: a validator. */
export function listRule(form: FormInstance, rule: Rule): ListRule {
  const object = typeof rule === 'function' ? rule(form) : rule;
  return { validator: object.validator ?? (async () => undefined) };
}

/**
 * One day's time ranges: a start and an end each (the browser's time input: a clock on phones,
 * typing on a keyboard), removable, up to four; the day's message under them.
 */
export function RangeList({
  name,
  dayLabel,
  rules,
  emptyText = 'Off',
}: {
  name: string | (string | number)[];
  /** 'Monday', or the date: names the inputs and buttons for screen readers. */
  dayLabel: string;
  rules: ListRule[];
  emptyText?: string;
}) {
  const form = Form.useFormInstance();
  // The day's message is the list's: checked again once a time changes, if it shows one.
  const recheck = () => {
    if (form.getFieldError(name).length) void form.validateFields([name]).catch(() => undefined);
  };
  return (
    <Form.List name={name} rules={rules}>
      {(fields, { add, remove }, { errors }) => (
        <div className="range-list">
          {fields.length === 0 && (
            <Typography.Text type="secondary" className="range-list-empty">
              {emptyText}
            </Typography.Text>
          )}
          {fields.map((field, index) => (
            <Space key={field.key} align="end" wrap className="range-list-row">
              <Form.Item name={[field.name, 'start']} label="Start" className="range-list-item">
                <Input
                  type="time"
                  aria-label={`${dayLabel}: shift ${index + 1} start`}
                  className="range-list-time"
                  onBlur={recheck}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'end']} label="End" className="range-list-item">
                <Input
                  type="time"
                  aria-label={`${dayLabel}: shift ${index + 1} end`}
                  className="range-list-time"
                  onBlur={recheck}
                />
              </Form.Item>
              <Form.Item className="range-list-item">
                <Button
                  onClick={() => {
                    remove(field.name);
                    setTimeout(recheck);
                  }}
                  aria-label={`Remove ${dayLabel}: shift ${index + 1}`}
                >
                  Remove
                </Button>
              </Form.Item>
            </Space>
          ))}
          <div>
            <Button
              type="dashed"
              size="small"
              onClick={() => add({ ...DEFAULT_RANGE })}
              disabled={fields.length >= MAX_SHIFTS_PER_DAY}
              aria-label={`Add a shift on ${dayLabel}`}
            >
              <span aria-hidden="true">+</span> Add shift
            </Button>
          </div>
          <div aria-live="polite">
            <Form.ErrorList errors={errors} />
          </div>
        </div>
      )}
    </Form.List>
  );
}
