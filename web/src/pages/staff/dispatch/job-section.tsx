import { useId, type ReactNode } from 'react';
import type { DashboardAppointment } from '@cincy/contracts';
import { JobCard } from '../../../features/dispatch/job-card';
import { useDisclosure } from '../../../hooks/use-disclosure';

interface Props {
  title: string;
  empty: string;
  appointments: DashboardAppointment[];
  now: number;
  /** Collapsible sections start closed and show their count in the toggle. */
  collapsible?: boolean;
  icon?: ReactNode;
  /** The buttons of each card. */
  renderActions?: (appointment: DashboardAppointment) => ReactNode;
}

export function JobSection({
  title,
  empty,
  appointments,
  now,
  collapsible = false,
  icon,
  renderActions,
}: Props) {
  const headingId = useId();
  const body = useDisclosure(!collapsible);
  const count = <span className="count-pill">{appointments.length}</span>;

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} className={`panel-title${body.open ? '' : ' is-collapsed'}`}>
        {collapsible ? (
          <button className="panel-toggle" {...body.buttonProps}>
            <span className={`chevron${body.open ? ' is-open' : ''}`} aria-hidden="true" />
            {icon}
            <span>{title}</span>
            {count}
          </button>
        ) : (
          <>
            {icon}
            <span>{title}</span>
            {count}
          </>
        )}
      </h2>
      <div id={body.regionId} hidden={!body.open}>
        {appointments.length === 0 ? (
          <p className="empty-state">{empty}</p>
        ) : (
          <ul className="job-list">
            {appointments.map((a) => (
              <li key={a.id}>
                <JobCard appointment={a} now={now} actions={renderActions?.(a)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
