import { Card, Collapse, Empty, Flex, Tag, Typography } from 'antd';
import { useCallback, useId, useState, type ReactNode } from 'react';
import type { DashboardAppointment } from '@cincy/contracts';
import { JobCard } from '../../../features/dispatch/job-card';
import type { BoardSection } from '../../../features/dispatch/phone-sections.util';

/** Cards drawn at first, about two phone screens; more as the list is scrolled (a phone draws fifty slowly). */
const CARDS_AT_FIRST = 4;

interface Props {
  section: BoardSection;
  now: number;
  /** The buttons of each card. */
  renderActions?: (appointment: DashboardAppointment) => ReactNode;
  /** What dispatch should know of each card (JobCard `notes`). */
  renderNotes?: (appointment: DashboardAppointment) => ReactNode;
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
export function JobSection({ section, now, renderActions, renderNotes, focus = false }: Props) {
  const headingId = useId();
  const { title, empty, appointments } = section;
  const [drawn, sentinel] = useCardsShown(appointments.length);
  const body =
    appointments.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ margin: 8 }} />
    ) : (
      <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {appointments.slice(0, drawn).map((a) => (
          <li key={a.id}>
            <JobCard
              appointment={a}
              now={now}
              actions={renderActions?.(a)}
              notes={renderNotes?.(a)}
              focus={focus}
            />
          </li>
        ))}
        {drawn < appointments.length && (
          <li key={drawn} ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
        )}
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

/**
 * How many cards of a list to draw: the first few, then a few more each time the end of the
 * drawn ones comes within a screen of the viewport, until all are drawn. The sentinel is a new
 * element at each step (keyed by the count), so its observer reports where it is now.
 */
function useCardsShown(total: number): [number, (element: HTMLLIElement | null) => void] {
  const [drawn, setDrawn] = useState(CARDS_AT_FIRST);
  const observable = typeof IntersectionObserver !== 'undefined';
  const sentinel = useCallback((element: HTMLLIElement | null) => {
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setDrawn((c) => c + CARDS_AT_FIRST);
      },
      { rootMargin: '600px' },
    );
    observer.observe(element);
  }, []);
  return [observable ? Math.min(drawn, total) : total, sentinel];
}
