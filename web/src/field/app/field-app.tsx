import { useCallback, useEffect, useState } from 'react';
import type { InventoryItem } from '@cincy/contracts';
import { waitingCount, type OutboxStep } from '../outbox';
import { ago, waitingLine } from './field-format';
import { fieldSections, jobUnderWay, type FieldJob } from './jobs';
import { JobCard, STEP_NAMES, type JobCardProps } from './job-card';
import { DoneJob } from './payment-panel';
import type { FieldStepKind } from '../outbox/types';
import { useHeartbeat } from '../../hooks/use-heartbeat';
import { startLiveUpdates } from './live';
import { fieldLocationTracker } from './position';
import { SignIn } from './sign-in';
import { useField } from './use-field';
import './field.css';

/** The minute the screen's "ago" and the departure rules read, moved on every 30 s. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * How often an open app calls in: the board marks a job "offline since" once its technician has
 * been silent 10 minutes (SILENT_AFTER_MS), so a few missed calls are never taken for that.
 */
const HEARTBEAT_MS = 60_000;

const NO_BATTERIES: readonly InventoryItem[] = [];

/** The technician's phone: the job at hand first, then theirs, the open pool, today's done. */
export function FieldApp() {
  const field = useField();
  const { phase, user, jobs, answeredAt, online, steps, batteries, signInReason } = field.state;
  const now = useNow();
  /** Each on-site job's completion as typed (null: read, none kept). */
  const [drafts, setDrafts] = useState<Record<number, Record<string, string> | null>>({});
  const waiting = waitingCount(steps);
  const underWayId = user ? (jobUnderWay(jobs, user.id)?.id ?? null) : null;
  const underWay = underWayId !== null;

  useHeartbeat(phase === 'ready' && user ? user.id : null, HEARTBEAT_MS);

  // Live while online, loaded once the first screen is drawn (socket.io is not on it).
  const { refresh, pushed } = field;
  useEffect(() => {
    if (phase !== 'ready') return;
    return startLiveUpdates({
      onJob: pushed,
      onConnect: () => void refresh(),
      onClosedByServer: () => void refresh(),
    });
  }, [phase, refresh, pushed]);

  // The van's position while a job is under way and the app is open.
  useEffect(() => {
    if (!user || !underWay) return;
    fieldLocationTracker.start(user.id);
    return () => fieldLocationTracker.stop();
  }, [user, underWay]);

  // A completion's fields as typed, read back from the phone.
  useEffect(() => {
    for (const job of jobs) {
      if (job.status !== 'on_location' || job.id in drafts) continue;
      void field.store.draft(job.id).then((draft: Record<string, string> | null) => {
        setDrafts((known) => ({ ...known, [job.id]: draft }));
      });
    }
  }, [jobs, drafts, field.store]);

  // One function each for every card (JobCard is memoised).
  const { store, take } = field;
  const onDraft = useCallback<JobCardProps['onDraft']>(
    (jobId, fields) => {
      setDrafts((known) => ({ ...known, [jobId]: fields }));
      void store.saveDraft(jobId, fields);
    },
    [store],
  );
  const onStep = useCallback(
    async (job: FieldJob, kind: FieldStepKind, body?: Record<string, unknown>, image?: Blob) => {
      await take(job, kind, body, image);
      if (kind === 'complete') await store.dropDraft(job.id);
    },
    [store, take],
  );

  if (phase === 'opening')
    return (
      <main className="fa-main" aria-busy="true">
        <p className="fa-muted">Opening your jobs…</p>
      </main>
    );
  if (phase === 'signed-out' || !user)
    return (
      <SignIn
        reason={signInReason}
        waiting={waiting}
        onSignIn={field.signIn}
        step={field.state.secondStep}
        onCode={field.submitCode}
        onCancelStep={field.cancelSecondStep}
      />
    );

  const sections = fieldSections(jobs, user, now);
  const card = (job: FieldJob, current = false) => {
    const props: JobCardProps = {
      job,
      userId: user.id,
      underWayId,
      now,
      current,
      // Only the job at hand shows batteries: the others are not drawn again when they are read.
      batteries: current ? batteries : NO_BATTERIES,
      draft: drafts[job.id] ?? null,
      onDraft,
      onStep,
    };
    return <JobCard key={job.id} {...props} />;
  };

  return (
    <>
      <header className="fa-bar">
        <span className="fa-brand">Cincy Battery</span>
        <span className="fa-user">
          {user.name}
          <button type="button" className="fa-bar-button" onClick={() => void field.signOut()}>
            Sign out
          </button>
        </span>
      </header>
      <main className="fa-main">
        <h1 className="fa-visually-hidden">Your jobs</h1>
        <p className={online ? 'fa-sync' : 'fa-sync fa-sync-offline'} role="status">
          {online ? 'Live' : 'Offline'}
          {answeredAt && !online && ` · Updated ${ago(answeredAt, now)}`}
          {waiting > 0 && ` · ${waitingLine(waiting)}`}
        </p>
        <Refusals steps={steps} jobs={jobs} onDismiss={field.dismiss} />
        <section aria-labelledby="fa-now">
          <h2 id="fa-now">Now</h2>
          {sections.current ? (
            card(sections.current, true)
          ) : (
            <p className="fa-muted">No job under way. Accept one below.</p>
          )}
        </section>
        {sections.mine.length > 0 && (
          <section aria-labelledby="fa-mine">
            <h2 id="fa-mine">Your next jobs</h2>
            {sections.mine.map((job) => card(job))}
          </section>
        )}
        <section aria-labelledby="fa-pool">
          <h2 id="fa-pool">Open jobs</h2>
          {sections.pool.length ? (
            sections.pool.map((job) => card(job))
          ) : (
            <p className="fa-muted">No open jobs waiting.</p>
          )}
        </section>
        {sections.done.length > 0 && (
          <section aria-labelledby="fa-done">
            <h2 id="fa-done">Done today</h2>
            <ul className="fa-done">
              {sections.done.map((job) => (
                <DoneJob key={job.id} job={job} online={online} onStep={onStep} />
              ))}
            </ul>
          </section>
        )}
      </main>
    </>
  );
}

/** Steps the server refused: said on screen, with what was typed, until the technician has read them. */
function Refusals({
  steps,
  jobs,
  onDismiss,
}: {
  steps: readonly OutboxStep[];
  jobs: readonly FieldJob[];
  onDismiss: (seq: number) => Promise<void>;
}) {
  const refused = steps.filter((s) => s.state === 'refused');
  if (!refused.length) return null;
  return (
    <section aria-labelledby="fa-refused" className="fa-refused">
      <h2 id="fa-refused">Not recorded</h2>
      {refused.map((step) => {
        const job = jobs.find((j) => j.id === step.jobId);
        const kept = ['batterySerialNumber', 'previousBatterySerialNumber', 'vehicleMileage']
          .map((field) => step.body[field])
          .filter((value): value is string => typeof value === 'string' && value !== '');
        return (
          <div key={step.seq} className="fa-refusal" role="alert">
            <p>
              <strong>{STEP_NAMES[step.kind]}</strong>
              {` for ${job?.customer.name ?? step.customerName ?? `job ${step.jobId}`}`}:{' '}
              {step.refusal}
            </p>
            {kept.length > 0 && <p>What you entered: {kept.join(', ')}</p>}
            <button
              type="button"
              className="fa-button fa-button-quiet"
              onClick={() => void onDismiss(step.seq)}
            >
              OK
            </button>
          </div>
        );
      })}
    </section>
  );
}
