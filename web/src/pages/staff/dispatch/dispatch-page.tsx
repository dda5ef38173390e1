import { Alert, Button, Card, Col, Collapse, Flex, Row, Skeleton, Typography } from 'antd';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  POLLING_MS,
  businessDate,
  isOutsideShift,
  type DashboardAppointment,
  type UserLocation,
  vanBatteriesOf,
} from '@cincy/contracts';
import { PageHeader } from '../../../components/page-header';
import { boardRanking } from '../../../features/dispatch/best-suggestion.util';
import { splitBoard } from '../../../features/dispatch/board-lists.util';
import { DispatchMode, OffShiftButton } from '../../../features/dispatch/dispatch-mode';
import { JobActions } from '../../../features/dispatch/job-actions';
import { JobNotes } from '../../../features/dispatch/job-notes';
import { OfflineSinceMark, offlineSince } from '../../../features/dispatch/offline-since';
import { OutsideShiftMark } from '../../../features/dispatch/outside-shift-mark';
import { activeJobId } from '../../../features/dispatch/job-actions.util';
import { LocationStatus } from '../../../features/dispatch/location-status';
import { LowStockAlert } from '../../../features/dispatch/low-stock-alert';
import { MapLegend } from '../../../features/dispatch/map-legend';
import { mapAppointments, mapTechnicians } from '../../../features/dispatch/map.util';
import { OnlineTeam } from '../../../features/dispatch/online-team';
import { QueueCard } from '../../../features/dispatch/queue-card';
import { DoneTodayCard } from '../../../features/billing/done-today-card';
import { CancelledTodayCard } from '../../../features/dispatch/cancelled-today-card';
import { deskSections, phoneSections } from '../../../features/dispatch/phone-sections.util';
import { statCards } from '../../../features/dispatch/stats.util';
import { useAppointments } from '../../../hooks/use-appointments';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useBatteriesSoldToday } from '../../../hooks/use-batteries-sold-today';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
import { useDashboardStats } from '../../../hooks/use-dashboard-stats';
import { useInventory } from '../../../hooks/use-inventory';
import { useMapConfig } from '../../../hooks/use-map-config';
import { useNewJobSound } from '../../../hooks/use-new-job-sound';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { useNow } from '../../../hooks/use-now';
import { useSchedules } from '../../../hooks/use-schedules';
import { useUserLocations } from '../../../hooks/use-user-locations';
import { JobSection } from './job-section';
import { MapPlaceholder } from './map-placeholder';
import { SoldToday, StatCards } from './stat-cards';
import '../staff.css';

// Leaflet is the heaviest part of the board: its own chunk, so the lists paint without waiting.
const AppointmentsMap = lazy(() =>
  import('../../../features/dispatch/appointments-map').then((m) => ({
    default: m.AppointmentsMap,
  })),
);

// The dialogs (antd's Form and Select, the contracts' schemas) load when a job is picked, not
// with the board's first screen.
const CompletionDialog = lazy(() =>
  import('../../../features/dispatch/completion-dialog').then((m) => ({
    default: m.CompletionDialog,
  })),
);
const DeclineDialog = lazy(() =>
  import('../../../features/dispatch/decline-dialog').then((m) => ({ default: m.DeclineDialog })),
);
const AssignDialog = lazy(() =>
  import('../../../features/dispatch/assign-dialog').then((m) => ({ default: m.AssignDialog })),
);
const HandBackDialog = lazy(() =>
  import('../../../features/dispatch/hand-back-dialog').then((m) => ({
    default: m.HandBackDialog,
  })),
);
const CancelVisitDialog = lazy(() =>
  import('../../../features/dispatch/cancel-visit-dialog').then((m) => ({
    default: m.CancelVisitDialog,
  })),
);

const NO_APPOINTMENTS: DashboardAppointment[] = [];
const NO_USERS: UserLocation[] = [];
function RetryAlert({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

/** How long to look for a card the board is about to draw (about a second of frames). */
const REVEAL_FRAMES = 60;

/**
 * After Accept the job jumps to Your Current Job, at the top of a phone's board: once it is drawn
 * there, bring its next step (En Route, its first button) onto the screen the technician tapped
 * from, below the sticky navigation, and focus it (the Accept button it replaces is gone).
 */
function revealCurrentJob(id: number, frames = REVEAL_FRAMES): void {
  requestAnimationFrame(() => {
    const card = document.querySelector(`[data-current][data-appointment-id="${id}"]`);
    const section = card?.closest('section');
    if (!card || !section) {
      if (frames > 0) revealCurrentJob(id, frames - 1);
      return;
    }
    const step = card.querySelector<HTMLButtonElement>('button');
    const { top, bottom } = (step ?? card).getBoundingClientRect();
    // The navigation covers the page's top: the section's scroll margin says how much.
    const covered = parseFloat(getComputedStyle(section).scrollMarginTop) || 0;
    if (top < covered || bottom > window.innerHeight) section.scrollIntoView({ block: 'start' });
    if (step && !step.disabled) step.focus({ preventScroll: true });
  });
}

/**
 * The dispatch board. Desktop (md, 768 px, and up): header, the five numbers, then Available
 * Jobs / In Progress / Future Jobs beside Online Team and the map. A phone (below md), and a
 * technician at any width: the lists by urgency (`phoneSections`), the technician's current job
 * first with its one next step as a full-width button; on a phone the numbers fold into
 * "Today's numbers".
 */
export function DispatchPage() {
  const user = useCurrentUser();
  const signedIn = user !== null;
  const appointments = useAppointments({ enabled: signedIn });
  const stats = useDashboardStats({ enabled: signedIn });
  const sold = useBatteriesSoldToday({ enabled: signedIn });
  const team = useUserLocations({ enabled: signedIn });
  const mapConfig = useMapConfig({ enabled: signedIn });
  const admin = user?.role === 'admin';
  // Who works when: the ranking answers for each job's own hour (admins rank; the route is theirs).
  const schedules = useSchedules({ enabled: admin });
  useLiveUpdates(signedIn);
  const navigate = useNavigate();
  // Before antd has measured, a desktop; md is 768 px.
  const phone = usePhoneLayout();
  const now = useNow(POLLING_MS.ageDisplay);
  const today = businessDate(new Date(now));
  // Leaflet (the heaviest chunk) loads once the map is about to be seen: on a phone it is last.
  const [mapSlot, mapNear] = useNearViewport<HTMLDivElement>();
  const [completing, setCompleting] = useState<DashboardAppointment | null>(null);
  const [declining, setDeclining] = useState<DashboardAppointment | null>(null);
  // The job's id: the dialog reads the job from the board, so a refreshed board (after a 409)
  // gives it the newest version.
  const [assigningId, setAssigningId] = useState<number | null>(null);
  const [handingBack, setHandingBack] = useState<DashboardAppointment | null>(null);
  const [cancelling, setCancelling] = useState<DashboardAppointment | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  // The cards render as the data comes, not deferred: a deferred render waits for every lazy
  // chunk under a boundary already on screen (the map) and restarts at each urgent update, and on
  // a busy machine it left the board on its skeletons for more than 20 s.
  const board = appointments.data ?? NO_APPOINTMENTS;
  const lists = useMemo(() => splitBoard(board, today), [board, today]);
  // A technician on a job sees it first (In Progress above Available Jobs), without scrolling.
  const activeJob = user ? activeJobId(board, user.id) : null;
  const busy = activeJob !== null;
  const byUrgency = phone || user?.role === 'technician';
  const sections = useMemo(
    () =>
      user && byUrgency ? phoneSections(board, user, today) : deskSections(board, busy, today),
    [board, user, byUrgency, busy, today],
  );
  // One ranking per board, team, schedules or minute (admins only): each card drawn asks it for
  // its job's best technician, and the Assign dialog ranks with the same one.
  // What each van carries (inventory's counts, the list the low-stock banner reads too).
  const inventory = useInventory({ enabled: admin });
  const vanBatteries = useMemo(() => vanBatteriesOf(inventory.data ?? []), [inventory.data]);
  const ranking = useMemo(
    () =>
      admin
        ? boardRanking(board, team.data ?? NO_USERS, schedules.data, new Date(now), vanBatteries)
        : null,
    [admin, board, team.data, schedules.data, now, vanBatteries],
  );
  // Jobs a day off or a shorter shift left outside their technician's shifts (ADR 0102).
  const outside = useMemo(
    () =>
      new Set(
        schedules.data
          ? board.filter((a) => isOutsideShift(a, schedules.data)).map((a) => a.id)
          : [],
      ),
    [board, schedules.data],
  );
  const mappedAppointments = useMemo(() => mapAppointments(board), [board]);
  const mappedTechnicians = useMemo(() => mapTechnicians(team.data ?? NO_USERS), [team.data]);
  useNewJobSound(appointments.data?.length, busy);
  // What does not show the jobs is kept from one push to the next (with memo on the parts), so a
  // push re-renders the lists and the map, not the header, the numbers and the team.
  const availableCount = lists.available.length;
  const inProgressCount = lists.inProgress.length;
  const cards = useMemo(
    () => statCards({ available: availableCount, inProgress: inProgressCount }, stats.data),
    [availableCount, inProgressCount, stats.data],
  );
  const soldToday = useMemo(() => <SoldToday value={sold.data} />, [sold.data]);
  const addAppointment = useMemo(
    () => (
      <Button
        type="primary"
        size="large"
        block={phone}
        href="/customer-form"
        onClick={(e) => {
          e.preventDefault();
          void navigate('/customer-form');
        }}
        icon={<span aria-hidden="true">+</span>}
      >
        Add Appointment
      </Button>
    ),
    [phone, navigate],
  );
  const userName = user?.name;
  const header = useMemo(
    () => (
      <PageHeader
        title="Dispatch Dashboard"
        subtitle={<>Welcome, {userName}. Jobs update live as customers book.</>}
        actions={
          phone ? undefined : (
            <>
              {soldToday}
              {addAppointment}
            </>
          )
        }
      />
    ),
    [userName, phone, soldToday, addAppointment],
  );

  if (!user) {
    return (
      <main className="page page-narrow">
        <title>Dispatch Dashboard | Cincy Battery</title>
        <Card role="alert" style={{ textAlign: 'center' }}>
          <Typography.Title level={1} style={{ fontSize: 24 }}>
            Authentication Required
          </Typography.Title>
          <Typography.Paragraph>
            Please log in to access the dispatch dashboard.
          </Typography.Paragraph>
          <Button
            type="primary"
            href="/login"
            onClick={(e) => {
              e.preventDefault();
              void navigate('/login');
            }}
          >
            Go to login
          </Button>
        </Card>
      </main>
    );
  }

  const renderActions = (a: DashboardAppointment, block = false) => (
    <JobActions
      appointment={a}
      user={user}
      board={board}
      now={now}
      onComplete={setCompleting}
      onDecline={setDeclining}
      onAssign={admin ? (job) => setAssigningId(job.id) : undefined}
      onHandBack={setHandingBack}
      onCancelVisit={setCancelling}
      onAccepted={byUrgency ? (job) => revealCurrentJob(job.id) : undefined}
      block={block}
    />
  );
  // What a card's buttons (Accept Job waits for the viewer's active job to end) and notes show.
  const cardKey = (a: DashboardAppointment) => {
    const suggestion = ranking?.best(a);
    const silent = offlineSince(a, team.data ?? NO_USERS, now)?.getTime() ?? '';
    return `${activeJob}|${suggestion ? `${suggestion.technicianId}:${suggestion.etaMinutes}` : ''}|${outside.has(a.id)}|${silent}`;
  };
  const renderNotes = ranking
    ? (a: DashboardAppointment) => (
        <>
          <OutsideShiftMark outside={outside.has(a.id)} technicianName={a.technician?.name} />
          <OfflineSinceMark since={offlineSince(a, team.data ?? NO_USERS, now)} now={now} />
          <JobNotes appointment={a} best={ranking.best(a)} />
        </>
      )
    : undefined;
  const assigning = assigningId === null ? undefined : board.find((a) => a.id === assigningId);
  const refreshLocations = () => {
    setRefreshing(true);
    void team.refetch().finally(() => setRefreshing(false));
  };

  const jobLists = (
    <Flex vertical gap={16} aria-busy={appointments.isPending || undefined}>
      {appointments.isPending && !appointments.isError
        ? sections.map((s) => (
            <Card key={s.key} title={s.title}>
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          ))
        : sections.map((s) => (
            <JobSection
              key={s.key}
              section={s}
              now={now}
              focus={s.key === 'current'}
              renderActions={(a) => renderActions(a, s.key === 'current')}
              renderNotes={renderNotes}
              cardKey={cardKey}
            />
          ))}
      {/* Below the open work (and off the side column, whose map loads when scrolled near). */}
      {admin && <DoneTodayCard board={board} today={today} user={user} />}
    </Flex>
  );

  const side = (
    <Flex vertical gap={16} component="aside" aria-label="Team and map">
      {admin && <QueueCard enabled={signedIn} />}
      {admin && <CancelledTodayCard board={board} today={today} />}
      <Card
        title={
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            Online Team
          </Typography.Title>
        }
      >
        {team.isPending && !team.isError ? (
          <Skeleton active avatar paragraph={{ rows: 1 }} />
        ) : team.isError && !team.data ? (
          <RetryAlert message="Could not load the team." onRetry={refreshLocations} />
        ) : (
          <OnlineTeam users={team.data ?? NO_USERS} now={now} />
        )}
      </Card>
      <Card
        title={
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            Appointments Map
          </Typography.Title>
        }
        extra={
          <Button onClick={refreshLocations} disabled={refreshing}>
            Refresh Locations
          </Button>
        }
      >
        <div ref={mapSlot}>
          <Suspense fallback={<MapPlaceholder loading />}>
            {mapNear ? (
              <AppointmentsMap
                appointments={mappedAppointments}
                technicians={mappedTechnicians}
                tiles={mapConfig.isError ? null : mapConfig.data}
              />
            ) : (
              <MapPlaceholder loading={false} />
            )}
          </Suspense>
        </div>
        <MapLegend />
      </Card>
    </Flex>
  );

  const alerts = (
    <>
      {appointments.isError && (
        <RetryAlert
          message={<>Could not load appointments. {appointments.error.message}</>}
          onRetry={() => void appointments.refetch()}
        />
      )}
      {stats.isError && (
        <RetryAlert
          message={<>Could not load today&apos;s numbers. {stats.error.message}</>}
          onRetry={() => void stats.refetch()}
        />
      )}
    </>
  );

  return (
    <main className="page dispatch-page">
      <title>Dispatch Dashboard | Cincy Battery</title>
      <Flex vertical gap={16}>
        {header}
        <LocationStatus role={user.role} />
        <Flex align="center" justify="space-between" gap={12} wrap>
          <DispatchMode role={user.role} enabled={signedIn} />
          {user.role === 'technician' && <OffShiftButton />}
        </Flex>
        {alerts}
        {admin && <LowStockAlert enabled={signedIn} />}
        {phone ? (
          <>
            {jobLists}
            <Collapse
              size="large"
              items={[
                {
                  key: 'numbers',
                  label: "Today's numbers",
                  children: (
                    <Flex vertical gap={12}>
                      {soldToday}
                      <StatCards cards={cards} busy={stats.isPending} />
                    </Flex>
                  ),
                },
              ]}
            />
            {addAppointment}
            {side}
          </>
        ) : (
          <>
            <StatCards cards={cards} busy={stats.isPending} />
            <Row gutter={[20, 20]} align="top">
              <Col xs={24} lg={16}>
                {jobLists}
              </Col>
              <Col xs={24} lg={8}>
                {side}
              </Col>
            </Row>
          </>
        )}
      </Flex>

      <Suspense fallback={null}>
        {completing && (
          <CompletionDialog
            key={completing.id}
            appointment={completing}
            onClose={() => setCompleting(null)}
          />
        )}
        {declining && (
          <DeclineDialog
            key={declining.id}
            appointment={declining}
            onClose={() => setDeclining(null)}
          />
        )}
        {assigning && ranking && (
          <AssignDialog
            key={assigning.id}
            appointment={assigning}
            ranking={ranking}
            onClose={() => setAssigningId(null)}
          />
        )}
        {handingBack && (
          <HandBackDialog
            key={handingBack.id}
            appointment={handingBack}
            onClose={() => setHandingBack(null)}
          />
        )}
        {cancelling && (
          <CancelVisitDialog
            key={cancelling.id}
            appointment={cancelling}
            onClose={() => setCancelling(null)}
          />
        )}
      </Suspense>
    </main>
  );
}
