import { DatePicker, Flex, Select, Typography } from 'antd';
import { usePhoneLayout } from '../../hooks/use-phone-layout';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReportQuery } from '@cincy/contracts';
import { RANGE_PRESETS, presetOf } from './reports.util';

const DATE_FORMAT = 'YYYY-MM-DD';
const CUSTOM = 'Custom';

const day = (value: Dayjs) => value.format(DATE_FORMAT);

interface Props {
  value: ReportQuery;
  /** The business date the presets end on. */
  today: string;
  onChange: (range: ReportQuery) => void;
}

/**
 * The report's range: a range picker with the presets on a wide screen; on a phone (where the
 * two-month panel does not fit 390 px) a preset list and a From and a To date, one under another.
 * Any range may be asked for: the server's answer says what is too long or backwards.
 */
export function ReportRangePicker({ value, today, onChange }: Props) {
  const phone = usePhoneLayout();
  const presets = RANGE_PRESETS.map((p) => ({ label: p.label, range: p.range(today) }));

  if (!phone)
    return (
      <Flex gap={8} align="center" wrap>
        <label htmlFor="report-range">
          <Typography.Text strong>Range</Typography.Text>
        </label>
        <DatePicker.RangePicker
          id={{ start: 'report-range', end: 'report-range-end' }}
          value={[dayjs(value.from), dayjs(value.to)]}
          onChange={(values) => {
            const [from, to] = values ?? [null, null];
            if (from && to) onChange({ from: day(from), to: day(to) });
          }}
          format={DATE_FORMAT}
          allowClear={false}
          presets={presets.map((p) => ({
            label: p.label,
            value: [dayjs(p.range.from), dayjs(p.range.to)],
          }))}
        />
      </Flex>
    );

  return (
    <Flex vertical gap={8} style={{ width: '100%' }}>
      <label htmlFor="report-preset">
        <Typography.Text strong>Range</Typography.Text>
      </label>
      <Select
        id="report-preset"
        value={presetOf(value, today) ?? CUSTOM}
        onChange={(label: string) => {
          const preset = presets.find((p) => p.label === label);
          if (preset) onChange(preset.range);
        }}
        options={[...presets.map((p) => ({ value: p.label })), { value: CUSTOM, disabled: true }]}
      />
      <Flex gap={8}>
        <Flex vertical gap={4} flex="1 1 0">
          <label htmlFor="report-from">From</label>
          <DatePicker
            id="report-from"
            value={dayjs(value.from)}
            onChange={(from: Dayjs | null) => from && onChange({ ...value, from: day(from) })}
            format={DATE_FORMAT}
            allowClear={false}
            inputReadOnly
          />
        </Flex>
        <Flex vertical gap={4} flex="1 1 0">
          <label htmlFor="report-to">To</label>
          <DatePicker
            id="report-to"
            value={dayjs(value.to)}
            onChange={(to: Dayjs | null) => to && onChange({ ...value, to: day(to) })}
            format={DATE_FORMAT}
            allowClear={false}
            inputReadOnly
          />
        </Flex>
      </Flex>
    </Flex>
  );
}
