import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import {
  CHECK_FITMENT,
  batteryLabel,
  formatLocation,
  formatPhone,
  type AppointmentStatus,
  type DashboardAppointment,
} from '@cincy/contracts';
import { AgeDisplay } from './age-display';
import {
  STATUS_LABELS,
  formatSchedule,
  mapsSearchUrl,
  minutesSince,
  telHref,
} from './board-lists.util';
import { gateCode } from './phone-sections.util';
import { SlaBadge } from './sla-badge';

/** Status tags: each colour reads at 4.5:1 or more on its own tint (WCAG AA). */
const STATUS_COLORS: Record<AppointmentStatus, string> = {
  pending: '#854d0e',
  assigned: '#1d4ed8',
  accepted: '#6d28d9',
  en_route: '#155e75',
  on_location: '#166534',
  completed: '#4b5563',
  declined: '#4b5563',
  cancelled: '#4b5563',
};

// A long name ends in an ellipsis by CSS: antd's `ellipsis` measures every title in script.
const TITLE_STYLE = {
  margin: 0,
  fontSize: 17,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

/**
 * One job. `focus` is the technician's current job: its next step first (JobActions `block`),
 * the gate code large, then call and navigate as big buttons, then the facts.
 */
export function JobCard({
  appointment: a,
  now,
  actions,
  notes,
  focus = false,
}: {
  appointment: DashboardAppointment;
  now: number;
  /** The buttons the viewer may use on this job (JobActions). */
  actions?: ReactNode;
  /** What dispatch should know at a glance (a hand-back, the best technician), above the facts. */
  notes?: ReactNode;
  focus?: boolean;
}) {
  const titleId = useId();
  const minutes = minutesSince(a.requestedAt, now);
  const gate = focus ? gateCode(a.notes) : null;
  // One way to read them everywhere (contracts' format): "(513) 555-0188", "…, OH 45202".
  const location = formatLocation(a.location);
  // Empty when the viewer is not sent it (another technician's customer, ADR 0098): no row, no Call.
  const phone = a.customer.phone;
  const addressLink = (
    <a href={mapsSearchUrl(location)} target="_blank" rel="noopener noreferrer">
      {location}
      <span className="visually-hidden"> (opens map in a new tab)</span>
    </a>
  );
  const facts = [
    ...(phone
      ? [
          {
            key: 'phone',
            label: 'Phone',
            children: <a href={telHref(phone)}>{formatPhone(phone)}</a>,
          },
        ]
      : []),
    { key: 'address', label: 'Address', children: addressLink },
    {
      key: 'technician',
      label: 'Technician',
      children: a.technician?.name ?? a.technicianUsername ?? 'Unassigned',
    },
    { key: 'vehicle', label: 'Vehicle', children: a.vehicle || 'Not provided' },
    {
      key: 'battery',
      label: 'Battery',
      // "Check fitment" in a dark orange with white text: antd's light orange fails 4.5:1.
      children: a.battery ? batteryLabel(a.battery) : <Tag color="#9a3412">{CHECK_FITMENT}</Tag>,
    },
    { key: 'schedule', label: 'Schedule', children: formatSchedule(a) },
    {
      key: 'requested',
      label: 'Requested',
      children: (
        <span>
          <AgeDisplay minutes={minutes} /> ago
        </span>
      ),
    },
    ...(a.notes
      ? [
          {
            key: 'notes',
            label: 'Notes',
            children: <span style={{ whiteSpace: 'pre-line' }}>{a.notes}</span>,
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      data-testid="job-card"
      data-appointment-id={a.id}
      data-version={a.version}
      data-current={focus || undefined}
      aria-labelledby={titleId}
      role="article"
      title={
        <Flex vertical gap={2} style={{ paddingBlock: 8 }}>
          <Typography.Title id={titleId} level={3} style={TITLE_STYLE}>
            {a.customer.name}
          </Typography.Title>
          <span>
            <Tag color={STATUS_COLORS[a.status]} className="job-card-status">
              {STATUS_LABELS[a.status] ?? a.status}
            </Tag>
          </span>
        </Flex>
      }
      extra={<SlaBadge appointment={a} now={now} />}
    >
      <Flex vertical gap={12}>
        {focus && (
          <Flex vertical gap={8}>
            {actions}
            {gate && (
              <Typography.Text strong style={{ fontSize: 20 }}>
                Gate code: {gate}
              </Typography.Text>
            )}
            <Flex gap={8} wrap>
              {phone && (
                <Button
                  size="large"
                  href={telHref(phone)}
                  style={{ flex: '1 1 140px' }}
                  aria-label={`Call ${a.customer.name}`}
                >
                  Call
                </Button>
              )}
              <Button
                size="large"
                href={mapsSearchUrl(location)}
                target="_blank"
                rel="noopener noreferrer"
                style={{ flex: '1 1 140px' }}
                aria-label={`Navigate to ${location} (opens map in a new tab)`}
              >
                Navigate
              </Button>
            </Flex>
          </Flex>
        )}
        {notes}
        <Descriptions
          size="small"
          column={1}
          items={facts}
          styles={{ label: { width: 96 }, content: { overflowWrap: 'anywhere', minWidth: 0 } }}
        />
        {!focus && actions}
      </Flex>
    </Card>
  );
}
