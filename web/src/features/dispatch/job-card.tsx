import { useId, type ReactNode } from 'react';
import type { DashboardAppointment } from '@cincy/contracts';
import { AgeDisplay } from './age-display';
import { STATUS_LABELS, formatSchedule, mapsSearchUrl, minutesSince } from './board-lists.util';
import { SlaBadge } from './sla-badge';

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function JobCard({
  appointment: a,
  now,
  actions,
}: {
  appointment: DashboardAppointment;
  now: number;
  /** The buttons the viewer may use on this job (JobActions). */
  actions?: ReactNode;
}) {
  const titleId = useId();
  const minutes = minutesSince(a.requestedAt, now);
  return (
    <article
      className={`job-card status-${a.status}`}
      data-testid="job-card"
      data-appointment-id={a.id}
      aria-labelledby={titleId}
    >
      <header className="job-card-head">
        <h3 id={titleId} className="job-card-name">
          {a.customer.name}
        </h3>
        <SlaBadge appointment={a} now={now} />
      </header>
      <p className="job-card-status">
        <span className={`status-dot status-dot-${a.status}`} aria-hidden="true" />
        {STATUS_LABELS[a.status] ?? a.status}
      </p>
      <dl className="job-card-facts">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(a.customer.phone)}>{a.customer.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            <a href={mapsSearchUrl(a.location)} target="_blank" rel="noopener noreferrer">
              {a.location}
              <span className="visually-hidden"> (opens map in a new tab)</span>
            </a>
          </dd>
        </div>
        <div>
          <dt>Technician</dt>
          <dd>{a.technician?.name ?? a.technicianUsername ?? 'Unassigned'}</dd>
        </div>
        <div>
          <dt>Vehicle</dt>
          <dd>{a.vehicle || 'Not provided'}</dd>
        </div>
        <div>
          <dt>Schedule</dt>
          <dd>{formatSchedule(a)}</dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>
            <AgeDisplay minutes={minutes} /> ago
          </dd>
        </div>
        {a.notes && (
          <div className="job-card-notes">
            <dt>Notes</dt>
            <dd>{a.notes}</dd>
          </div>
        )}
      </dl>
      {actions}
    </article>
  );
}
