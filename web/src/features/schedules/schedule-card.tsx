import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { WEEKDAY_NAMES, type ShiftRange, type TechnicianSchedule } from '@cincy/contracts';
import {
  SHORT_DAY_NAMES,
  WEEK_ORDER,
  formatDayShifts,
  formatRanges,
  formatScheduleDate,
  formatWeeklyPattern,
  rangesByWeekday,
  upcomingExceptions,
} from './schedule.util';

/** One technician: on shift now, today, the weekly pattern by day, and the date exceptions. */
export function ScheduleCard({
  schedule,
  today,
  onEditWeekly,
  onEditDate,
  onRemoveDate,
  removingDate,
}: {
  schedule: TechnicianSchedule;
  /** The business date, from which exceptions are shown. */
  today: string;
  onEditWeekly: () => void;
  /** A date's exception to change, or none for a new one. */
  onEditDate: (date?: string, shifts?: ShiftRange[]) => void;
  onRemoveDate: (date: string) => void;
  /** The exception being removed now (its button is busy). */
  removingDate?: string;
}) {
  const headingId = `schedule-${schedule.technicianId}-title`;
  const days = rangesByWeekday(schedule.weekly);
  const exceptions = upcomingExceptions(schedule.exceptions, today);
  return (
    <Card
      className="schedule-card"
      aria-labelledby={headingId}
      title={
        <span role="heading" aria-level={2} id={headingId}>
          {schedule.name}
        </span>
      }
      extra={schedule.onShiftNow ? <Tag color="green">On shift now</Tag> : <Tag>Off shift</Tag>}
    >
      <p className="schedule-today">
        <Typography.Text type="secondary">Today: </Typography.Text>
        {schedule.today.length ? formatRanges(schedule.today) : 'Off'}
      </p>

      <div className="schedule-section">
        <Space className="schedule-section-head" wrap>
          <Typography.Text strong>Weekly pattern</Typography.Text>
          <Button
            size="small"
            onClick={onEditWeekly}
            aria-label={`Edit weekly pattern: ${schedule.name}`}
          >
            Edit
          </Button>
        </Space>
        <p className="muted schedule-summary">{formatWeeklyPattern(schedule.weekly)}</p>
        <dl className="schedule-week">
          {WEEK_ORDER.map((weekday) => (
            <div key={weekday} className="schedule-week-day">
              <dt>
                <abbr title={WEEKDAY_NAMES[weekday]}>{SHORT_DAY_NAMES[weekday]}</abbr>
              </dt>
              <dd className={days[weekday].length ? undefined : 'muted'}>
                {days[weekday].length ? formatRanges(days[weekday]) : 'Off'}
              </dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="schedule-section">
        <Space className="schedule-section-head" wrap>
          <Typography.Text strong>Date exceptions</Typography.Text>
          <Button
            size="small"
            onClick={() => onEditDate()}
            aria-label={`Add date exception: ${schedule.name}`}
          >
            <span aria-hidden="true">+</span> Add
          </Button>
        </Space>
        {exceptions.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No date exceptions: the weekly pattern applies."
          />
        ) : (
          <ul className="schedule-exceptions">
            {exceptions.map((e) => {
              const label = formatScheduleDate(e.date);
              return (
                <li key={e.date}>
                  <span className="schedule-exception-text">
                    <strong>{label}</strong>{' '}
                    {e.shifts.length ? (
                      formatDayShifts(e.shifts)
                    ) : (
                      <Tag color="orange">{formatDayShifts(e.shifts)}</Tag>
                    )}
                  </span>
                  <Space size="small">
                    <Button
                      size="small"
                      onClick={() => onEditDate(e.date, e.shifts)}
                      disabled={removingDate === e.date}
                      aria-label={`Change exception: ${schedule.name}, ${label}`}
                    >
                      Change
                    </Button>
                    <Button
                      size="small"
                      danger
                      loading={removingDate === e.date}
                      onClick={() => onRemoveDate(e.date)}
                      aria-label={`Remove exception: ${schedule.name}, ${label}`}
                    >
                      Remove
                    </Button>
                  </Space>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
