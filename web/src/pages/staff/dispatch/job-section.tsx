import { Card, Collapse, Empty, Flex, Tag, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import type { DashboardAppointment } from '@cincy/contracts';
import { JobCard } from '../../../features/dispatch/job-card';
import type { BoardSection } from '../../../features/dispatch/phone-sections.util';

interface Props {
  section: BoardSection;
  now: number;
  /** The buttons of each card. */
  renderActions?: (appointment: DashboardAppointment) => ReactNode;
  /** The technician's current job: cards with call, navigate and gate code up front. */
  focus?: boolean;
}

/** The heading of a list: its title and count (the e2e helpers find a list by it). */
function SectionTitle({ id, title, count }: { id: string; title: string; count: number }) {
  return (
    <Typography.Title id={id} level={2} style={{ margin: 0, fontSize: 18 }}>
      {title} <Tag>{count}</Tag>
    </Typography.Title>
  );
}

/**
 * One list of the board as a region named by its heading. Keys are appointment ids, so a push
 * moves or updates a card without rebuilding the list; an empty list keeps its height.
 */
export function JobSection({ section, now, renderActions, focus = false }: Props) {
  const headingId = useId();
  const { title, empty, appointments } = section;
  const body =
    appointments.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ margin: 8 }} />
    ) : (
      <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {appointments.map((a) => (
          <li key={a.id}>
            <JobCard appointment={a} now={now} actions={renderActions?.(a)} focus={focus} />
          </li>
        ))}
      </Flex>
    );

  if (section.collapsible)
    return (
      <section aria-labelledby={headingId}>
        <Collapse
          size="large"
          items={[
            {
              key: section.key,
              label: <SectionTitle id={headingId} title={title} count={appointments.length} />,
              children: body,
            },
          ]}
        />
      </section>
    );

  return (
    <section aria-labelledby={headingId}>
      <Card
        title={<SectionTitle id={headingId} title={title} count={appointments.length} />}
        styles={{ body: { padding: 12 } }}
      >
        {body}
      </Card>
    </section>
  );
}
