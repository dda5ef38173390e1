import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { POLLING_MS, businessDate } from '@cincy/contracts';
import { useCurrentUser } from '../../../hooks/use-auth';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { PageHeader } from '../../../components/page-header';
import { splitBoard } from '../../../features/dispatch/board-lists.util';
import { useAppointments } from '../../../hooks/use-appointments';
import { useBoardUpdates } from '../../../hooks/use-board-updates';
import { useNow } from '../../../hooks/use-now';
import { JobSection } from './job-section';

/** Shown until the stats endpoints exist (a later issue). */
const NOT_YET = '—';

export function DispatchPage() {
  const user = useCurrentUser();
  const signedIn = user !== null;
  const appointments = useAppointments({ enabled: signedIn });
  useBoardUpdates(signedIn);
  const now = useNow(POLLING_MS.ageDisplay);
  const today = businessDate(new Date(now));

  const lists = useMemo(
    () => splitBoard(appointments.data ?? [], today),
    [appointments.data, today],
  );

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

  const stats: { label: string; value: string | number; tone: string }[] = [
    { label: 'Pending', value: lists.available.length, tone: 'amber' },
    { label: 'In Progress', value: lists.inProgress.length, tone: 'blue' },
    { label: 'Completed Today', value: NOT_YET, tone: 'green' },
    { label: 'Jobs per Hour', value: NOT_YET, tone: 'purple' },
    { label: 'Avg Install Time', value: NOT_YET, tone: 'cyan' },
  ];

  return (
    <main className="page dispatch-page">
      <title>Dispatch Dashboard | Cincy Battery</title>
      <PageHeader
        title="Dispatch Dashboard"
        subtitle={<>Welcome, {user.name}. Jobs update live as customers book.</>}
        actions={
          <>
            <div className="sold-today">
              <span className="sold-today-label">Batteries Sold Today</span>
              <span className="sold-today-value">{NOT_YET}</span>
            </div>
            <Link to="/customer-form" className="btn btn-accent">
              <span aria-hidden="true">+</span> Add Appointment
            </Link>
          </>
        }
      />

      <section aria-label="Today at a glance" className="stat-grid">
        {stats.map((s) => (
          <div key={s.label} className={`stat-card tone-${s.tone}`}>
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

      <div className="dispatch-grid">
        <div className="dispatch-col">
          {appointments.isPending && !appointments.isError ? (
            <LoadingIndicator label="Loading appointments..." />
          ) : (
            <>
              <JobSection
                title="Available Jobs"
                empty="No available jobs at the moment"
                appointments={lists.available}
                now={now}
              />
              <JobSection
                title="In Progress"
                empty="No jobs in progress"
                appointments={lists.inProgress}
                now={now}
              />
              <JobSection
                title="Future Jobs"
                empty="No future jobs scheduled"
                appointments={lists.future}
                now={now}
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
            <p className="empty-state">No team members currently online</p>
          </section>
          <section className="panel" aria-labelledby="appointments-map-title">
            <h2 id="appointments-map-title" className="panel-title">
              Appointments Map
            </h2>
            <div className="map-placeholder">
              <p>The live map is coming soon.</p>
              <p className="muted">Use the address links on each job card to open directions.</p>
            </div>
          </section>
        </aside>
      </div>
    </main>
  );
}
