import { Card, Collapse, Empty, Flex, Tag, Typography } from 'antd';
import { memo, useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import type { DashboardAppointment } from '@cincy/contracts';
import { JobCard } from '../../../features/dispatch/job-card';
import type { BoardSection } from '../../../features/dispatch/phone-sections.util';
import { useWindowVirtual } from '../../../hooks/use-window-virtual';

/** Cards drawn at first, about two phone screens; more as the list is scrolled (a phone draws fifty slowly). */
const CARDS_AT_FIRST = 4;
/**
 * Longer lists (a big day: 1,000 open jobs) draw only the cards near the viewport, so a push
 * re-renders a screenful, not the day. Shorter ones draw every card once scrolled to: the page's
 * find and a screen reader's list navigation see them all.
 */
export const VIRTUAL_FROM = 31;
/** The space between cards (px), and a card's height before it is measured. */
const CARD_GAP = 12;
const CARD_ESTIMATE = 300;
/** About a phone screen drawn beyond each edge of the viewport. */
const OVERSCAN_PX = 800;
const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

interface Props {
  section: BoardSection;
  now: number;
  /** The buttons of each card. */
  renderActions?: (appointment: DashboardAppointment) => ReactNode;
  /** What dispatch should know of each card (JobCard `notes`). */
  renderNotes?: (appointment: DashboardAppointment) => ReactNode;
  /** The technician's current job: cards with call, navigate and gate code up front. */
  focus?: boolean;
  /**
   * All that a card's actions and notes show besides the job and the clock (the viewer's active
   * job, the best technician), as a string: a card is drawn again only when its job, the minute
   * or this changes, so a push redraws the cards it changed, not every card on screen.
   */
  cardKey?: (appointment: DashboardAppointment) => string;
}

interface ItemProps {
  appointment: DashboardAppointment;
  now: number;
  focus: boolean;
  actions: ReactNode;
  notes: ReactNode;
  cardKey: string;
}

// Actions and notes are new elements at each render of the board: `cardKey` stands for them.
const JobItem = memo(
  function JobItem({ appointment, now, focus, actions, notes }: ItemProps) {
    return (
      <JobCard appointment={appointment} now={now} actions={actions} notes={notes} focus={focus} />
    );
  },
  (was, is) =>
    was.appointment === is.appointment &&
    was.now === is.now &&
    was.focus === is.focus &&
    was.cardKey === is.cardKey,
);

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
export function JobSection({
  section,
  now,
  renderActions,
  renderNotes,
  focus = false,
  cardKey,
}: Props) {
  const headingId = useId();
  const { title, empty, appointments } = section;
  const card = (a: DashboardAppointment) => (
    <JobItem
      appointment={a}
      now={now}
      actions={renderActions?.(a)}
      notes={renderNotes?.(a)}
      focus={focus}
      cardKey={cardKey?.(a) ?? ''}
    />
  );
  const body =
    appointments.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ margin: 8 }} />
    ) : appointments.length >= VIRTUAL_FROM ? (
      <VirtualCards appointments={appointments} card={card} />
    ) : (
      <ShortList appointments={appointments} card={card} />
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

interface ListProps {
  appointments: DashboardAppointment[];
  card: (appointment: DashboardAppointment) => ReactNode;
}

/** A short list: the first cards, then the rest as the list is scrolled to. */
function ShortList({ appointments, card }: ListProps) {
  const [drawn, sentinel] = useCardsShown(appointments.length);
  return (
    <Flex vertical gap={CARD_GAP} component="ul" style={LIST_STYLE}>
      {appointments.slice(0, drawn).map((a) => (
        <li key={a.id}>{card(a)}</li>
      ))}
      {drawn < appointments.length && (
        <li key={drawn} ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
      )}
    </Flex>
  );
}

/**
 * A long list: the cards near the viewport, the others kept as padding, each card telling its
 * place in the whole list (aria-posinset of aria-setsize) since the list holds only some.
 */
function VirtualCards({ appointments, card }: ListProps) {
  const keys = useMemo(() => appointments.map((a) => a.id), [appointments]);
  const { listRef, start, end, paddingTop, paddingBottom, measure } =
    useWindowVirtual<HTMLUListElement>(keys, {
      estimate: CARD_ESTIMATE,
      gap: CARD_GAP,
      overscan: OVERSCAN_PX,
    });
  // A plain list, not antd's Flex: Flex hides itself when empty (`:empty`), and this one is
  // empty, and must keep its height, while the viewport is above or below its cards.
  return (
    <ul
      ref={listRef}
      style={{
        ...LIST_STYLE,
        display: 'flex',
        flexDirection: 'column',
        gap: CARD_GAP,
        paddingTop,
        paddingBottom,
      }}
    >
      {appointments.slice(start, end).map((a, i) => (
        <li
          key={a.id}
          ref={measure}
          data-key={a.id}
          aria-setsize={appointments.length}
          aria-posinset={start + i + 1}
        >
          {card(a)}
        </li>
      ))}
    </ul>
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
