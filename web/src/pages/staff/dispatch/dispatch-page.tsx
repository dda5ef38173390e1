import { Suspense, lazy, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  POLLING_MS,
  businessDate,
  type DashboardAppointment,
  type UserLocation,
} from '@cincy/contracts';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { PageHeader } from '../../../components/page-header';
import { splitBoard } from '../../../features/dispatch/board-lists.util';
import { CompletionDialog } from '../../../features/dispatch/completion-dialog';
import { DeclineDialog } from '../../../features/dispatch/decline-dialog';
import { JobActions } from '../../../features/dispatch/job-actions';
import { hasActiveJob } from '../../../features/dispatch/job-actions.util';
import { LocationStatus } from '../../../features/dispatch/location-status';
import { MapLegend } from '../../../features/dispatch/map-legend';
import { mapAppointments, mapTechnicians } from '../../../features/dispatch/map.util';
import { OnlineTeam } from '../../../features/dispatch/online-team';
import { NO_FIGURE, statCards } from '../../../features/dispatch/stats.util';
import { useAppointments } from '../../../hooks/use-appointments';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useBatteriesSoldToday } from '../../../hooks/use-batteries-sold-today';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
import { useDashboardStats } from '../../../hooks/use-dashboard-stats';
import { useMapConfig } from '../../../hooks/use-map-config';
import { useNewJobSound } from '../../../hooks/use-new-job-sound';
import { useNow } from '../../../hooks/use-now';
import { useUserLocations } from '../../../hooks/use-user-locations';
import { JobSection } from './job-section';
import '../staff.css';

// Leaflet is the heaviest part of the board: its own chunk, so the lists paint without waiting.
const AppointmentsMap = lazy(() =>
  import('../../../features/dispatch/appointments-map').then((m) => ({
    default: m.AppointmentsMap,
  })),
);

const NO_APPOINTMENTS: DashboardAppointment[] = [];
const NO_USERS: UserLocation[] = [];

export function DispatchPage() {
  const user = useCurrentUser();
  const signedIn = user !== null;
  const appointments = useAppointments({ enabled: signedIn });
  const stats = useDashboardStats({ enabled: signedIn });
  const sold = useBatteriesSoldToday({ enabled: signedIn });
  const team = useUserLocations({ enabled: signedIn });
  const mapConfig = useMapConfig({ enabled: signedIn });
  useLiveUpdates(signedIn);
  const now = useNow(POLLING_MS.ageDisplay);
  const today = businessDate(new Date(now));
  const [completing, setCompleting] = useState<DashboardAppointment | null>(null);
  const [declining, setDeclining] = useState<DashboardAppointment | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const board = appointments.data ?? NO_APPOINTMENTS;
  const lists = useMemo(() => splitBoard(board, today), [board, today]);
  const mappedAppointments = useMemo(() => mapAppointments(board), [board]);
  const mappedTechnicians = useMemo(() => mapTechnicians(team.data ?? NO_USERS), [team.data]);
  // A technician on a job sees it first (In Progress above Available Jobs), without scrolling.
  const busy = user ? hasActiveJob(board, user.id) : false;
  useNewJobSound(appointments.data?.length, busy);

  if (!user) {
    return (
      <main className="page page-narrow">
        <title>Dispatch Dashboard | Cincy Battery</title>
        <div className="card notice" role="alert">
          <h1>Authentication Required</h1>
          <p>Please log in to access the dispatch dashboard.</p>
          <Link to="/login" className="btn btn-primary">
            Go to login
          </Link>
        </div>
      </main>
    );
  }

  const cards = statCards(
    { available: lists.available.length, inProgress: lists.inProgress.length },
    stats.data,
  );
  const renderActions = (a: DashboardAppointment) => (
    <JobActions
      appointment={a}
      user={user}
      board={board}
      onComplete={setCompleting}
      onDecline={setDeclining}
    />
  );
  const availableSection = (
    <JobSection
      key="available"
      title="Available Jobs"
      empty="No available jobs at the moment"
      appointments={lists.available}
      now={now}
      renderActions={renderActions}
    />
  );
  const inProgressSection = (
    <JobSection
      key="in-progress"
      title="In Progress"
      empty="No jobs in progress"
      appointments={lists.inProgress}
      now={now}
      renderActions={renderActions}
    />
  );
  const refreshLocations = () => {
    setRefreshing(true);
    void team.refetch().finally(() => setRefreshing(false));
  };

  return (
    <main className="page dispatch-page">
      <title>Dispatch Dashboard | Cincy Battery</title>
      <PageHeader
        title="Dispatch Dashboard"
        subtitle={<>Welcome, {user.name}. Jobs update live as customers book.</>}
        actions={
          <>
            <div className="sold-today" data-testid="batteries-sold-today">
              <span className="sold-today-label">Batteries Sold Today</span>
              <span className="sold-today-value">{sold.data ?? NO_FIGURE}</span>
            </div>
            <Link to="/customer-form" className="btn btn-accent">
              <span aria-hidden="true">+</span> Add Appointment
            </Link>
          </>
        }
      />

      <LocationStatus role={user.role} />

      <section aria-label="Today at a glance" className="stat-grid" aria-busy={stats.isPending}>
        {cards.map((s) => (
          <div key={s.label} className={`stat-card tone-${s.tone}`} data-testid="stat-card">
            <span className="stat-label">{s.label}</span>
            <span className="stat-value">{s.value}</span>
          </div>
        ))}
      </section>

      {appointments.isError && (
        <div className="banner banner-error" role="alert">
          <span>Could not load appointments. {appointments.error.message}</span>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => void appointments.refetch()}
          >
            Retry
          </button>
        </div>
      )}
      {stats.isError && (
        <div className="banner banner-error" role="alert">
          <span>Could not load today&apos;s numbers. {stats.error.message}</span>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => void stats.refetch()}
          >
            Retry
          </button>
        </div>
      )}

      <div className="dispatch-grid">
        <div className="dispatch-col">
          {appointments.isPending && !appointments.isError ? (
            <LoadingIndicator label="Loading appointments..." />
          ) : (
            <>
              {busy ? [inProgressSection, availableSection] : [availableSection, inProgressSection]}
              <JobSection
                title="Future Jobs"
                empty="No future jobs scheduled"
                appointments={lists.future}
                now={now}
                renderActions={renderActions}
                collapsible
              />
            </>
          )}
        </div>
        <aside className="dispatch-col dispatch-side" aria-label="Team and map">
          <section className="panel" aria-labelledby="online-team-title">
            <h2 id="online-team-title" className="panel-title">
              Online Team
            </h2>
            {team.isPending && !team.isError ? (
              <LoadingIndicator label="Loading team..." />
            ) : team.isError && !team.data ? (
              <div className="banner banner-error" role="alert">
                <span>Could not load the team.</span>
                <button type="button" className="btn btn-outline btn-sm" onClick={refreshLocations}>
                  Retry
                </button>
              </div>
            ) : (
              <OnlineTeam users={team.data ?? NO_USERS} now={now} />
            )}
          </section>
          <section className="panel" aria-labelledby="appointments-map-title">
            <div className="panel-head">
              <h2 id="appointments-map-title" className="panel-title">
                Appointments Map
              </h2>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={refreshLocations}
                disabled={refreshing}
              >
                Refresh Locations
              </button>
            </div>
            <Suspense
              fallback={
                <div className="map-placeholder">
                  <LoadingIndicator label="Loading map..." />
                </div>
              }
            >
              <AppointmentsMap
                appointments={mappedAppointments}
                technicians={mappedTechnicians}
                tiles={mapConfig.isError ? null : mapConfig.data}
              />
            </Suspense>
            <MapLegend />
          </section>
        </aside>
      </div>

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
    </main>
  );
}
