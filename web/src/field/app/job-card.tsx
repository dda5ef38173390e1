import { memo, useState } from 'react';
import {
  APPOINTMENT_STATUS_LABELS,
  CHECK_FITMENT,
  FAILING_DECISIONS,
  batteryLabel,
  fitsBattery,
  vanBatteriesOf,
  type BookedBattery,
  checkHandBack,
  checkDoorRecord,
  formatLocation,
  PHOTO_KIND_LABELS,
  testSummary,
  formatPhone,
  type InventoryItem,
} from '@cincy/contracts';
import { formatSchedule, mapsSearchUrl, telHref } from '../../features/dispatch/board-lists.util';
import { gateCode } from '../../features/dispatch/phone-sections.util';
import type { FieldStepKind } from '../outbox/types';
import { ArrivalCodeForm } from './arrival-code-form';
import { BatteryTestForm } from './battery-test-form';
import { WarrantyClaimForm } from './warranty-claim-form';
import { CompletionForm, type CompletionFields } from './completion-form';
import { useDoorRecords } from './door-records';
import { PhotoButton, SignatureForm, WaitingThumb } from './door-photos';
import { photoUrl } from '../../api/photos';
import { MOVE_LABELS, STEP_OF_MOVE, nextMove, type FieldJob } from './jobs';

export interface JobCardProps {
  job: FieldJob;
  userId: number;
  /** The job the user has under way, if any: no other may be accepted meanwhile. */
  underWayId: number | null;
  now: Date;
  /** The job at hand: its details open and its step as the big button. */
  current?: boolean;
  /** The batteries in stock, for the job at hand (what to bring, and the completion's list). */
  batteries: readonly InventoryItem[];
  draft: Record<string, string> | null;
  onDraft: (jobId: number, fields: CompletionFields) => void;
  onStep: (
    job: FieldJob,
    kind: FieldStepKind,
    body?: Record<string, unknown>,
    image?: Blob,
  ) => Promise<void>;
}

/**
 * One job: who, where, when, and the one step the technician may take now. Drawn again only when
 * its props change: a push redraws the card it is about, not the screen's others.
 */
export const JobCard = memo(function JobCard(props: JobCardProps) {
  const { job, userId, underWayId, now, current = false, onStep } = props;
  const [completing, setCompleting] = useState(false);
  const [handingBack, setHandingBack] = useState(false);
  const [reason, setReason] = useState('');
  const [testing, setTesting] = useState(false);
  const [signing, setSigning] = useState(false);
  const [arriving, setArriving] = useState(false);
  const [busy, setBusy] = useState(false);
  const move = nextMove(job, userId, underWayId, now);
  // Tests and photos are taken at the car: the technician's own job once arrived (the server's rule).
  const atTheDoor = checkDoorRecord(job, { id: userId, role: 'technician' }) === null;
  const { tests, photos, waitingPhotos } = useDoorRecords(job, atTheDoor);
  const recording = testing || signing || completing || arriving;
  const canHandBack = checkHandBack(job, { id: userId, role: 'technician' }) === null;
  const headingId = `job-${job.id}`;
  const gate = gateCode(job.notes);
  const inVan = job.battery && vanHas(props.batteries, userId, job.battery);

  const step = async (kind: FieldStepKind, body?: Record<string, unknown>, file?: Blob) => {
    setBusy(true);
    try {
      await onStep(job, kind, body, file);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      className={current ? 'fa-job fa-job-current' : 'fa-job'}
      aria-labelledby={headingId}
      data-testid="job-card"
      data-appointment-id={job.id}
      data-version={job.version}
    >
      <h3 id={headingId} className="fa-job-title">
        {job.customer.name}
      </h3>
      <p className="fa-job-meta">
        <span className={`fa-status fa-status-${job.status}`}>
          {APPOINTMENT_STATUS_LABELS[job.status]}
        </span>
        <span>{formatSchedule(job)}</span>
      </p>
      <p className="fa-job-address">{formatLocation(job.location)}</p>
      {current && (
        <div className="fa-job-details">
          {gate && (
            <p className="fa-gate">
              Gate code: <strong>{gate}</strong>
            </p>
          )}
          {job.vehicle && <p>{job.vehicle}</p>}
          {job.battery ? (
            <p className={inVan ? undefined : 'fa-notes'}>
              Bring: <strong>{batteryLabel(job.battery)}</strong>
              {!inVan && ' (none in your van: pick one up at the warehouse)'}
            </p>
          ) : (
            <p className="fa-notes">{CHECK_FITMENT}: the vehicle does not tell its battery</p>
          )}
          {job.notes && (
            <p className="fa-notes">
              <strong>Notes:</strong> {job.notes}
            </p>
          )}
          <div className="fa-links">
            {job.customer.phone && (
              <a className="fa-link-button" href={telHref(job.customer.phone)}>
                Call {formatPhone(job.customer.phone)}
              </a>
            )}
            <a
              className="fa-link-button"
              href={mapsSearchUrl(formatLocation(job.location))}
              target="_blank"
              rel="noopener noreferrer"
            >
              Navigate
            </a>
          </div>
        </div>
      )}
      {job.waiting.length > 0 && (
        <p className="fa-waiting" role="status">
          Waiting for signal: {job.waiting.map((s) => STEP_NAMES[s.kind]).join(', ')}
        </p>
      )}
      {tests.length > 0 && (
        <ul className="fa-tests" aria-label="Battery tests">
          {tests.map((test, i) => (
            <li key={i}>{testSummary(test)}</li>
          ))}
        </ul>
      )}
      {atTheDoor && tests.some(failsOld) && <WarrantyClaimForm jobId={job.id} />}
      {(photos.length > 0 || waitingPhotos.length > 0) && (
        <div className="fa-thumbs" aria-label="Photos">
          {photos.map((photo) => (
            <img
              key={photo.id}
              className="fa-thumb"
              src={photoUrl(photo.id)}
              alt={PHOTO_KIND_LABELS[photo.kind]}
              loading="lazy"
            />
          ))}
          {waitingPhotos.map((photo, i) => (
            <WaitingThumb key={i} image={photo.image} label={PHOTO_KIND_LABELS[photo.kind]} />
          ))}
        </div>
      )}
      {atTheDoor && !recording && (
        <div className="fa-door">
          <button
            type="button"
            className="fa-button fa-button-quiet"
            onClick={() => setTesting(true)}
          >
            Test battery
          </button>
          <PhotoButton
            kind="label"
            jobId={job.id}
            onPhoto={(image) => step('photo', { kind: 'label' }, image)}
          />
          <PhotoButton
            kind="old"
            jobId={job.id}
            onPhoto={(image) => step('photo', { kind: 'old' }, image)}
          />
          <button
            type="button"
            className="fa-button fa-button-quiet"
            onClick={() => setSigning(true)}
          >
            Customer signs
          </button>
        </div>
      )}
      {signing && (
        <SignatureForm
          jobId={job.id}
          onCancel={() => setSigning(false)}
          onSave={async (image, signedBy) => {
            await step('photo', { kind: 'signature', signedBy }, image);
            setSigning(false);
          }}
        />
      )}
      {testing && (
        <BatteryTestForm
          jobId={job.id}
          onCancel={() => setTesting(false)}
          onSave={async (body) => {
            await step('battery_test', body);
            setTesting(false);
          }}
        />
      )}
      {move && !recording && (
        <button
          type="button"
          className={current ? 'fa-button fa-button-big' : 'fa-button'}
          disabled={busy}
          onClick={() => {
            if (move === 'completed') setCompleting(true);
            else if (move === 'on_location' && job.arrivalCheck === 'required') setArriving(true);
            else void step(STEP_OF_MOVE[move]);
          }}
        >
          {MOVE_LABELS[move]}
        </button>
      )}
      {arriving && (
        <ArrivalCodeForm
          jobId={job.id}
          busy={busy}
          onCancel={() => setArriving(false)}
          onArrive={async (arrivalCode) => {
            await step('on_location', { arrivalCode });
            setArriving(false);
          }}
        />
      )}
      {completing && (
        <CompletionForm
          job={job}
          tests={tests}
          batteries={props.batteries}
          draft={props.draft}
          onDraft={(fields) => props.onDraft(job.id, fields)}
          onCancel={() => setCompleting(false)}
          onComplete={async (record) => {
            await step('complete', { ...record, technicianId: userId });
            setCompleting(false);
          }}
        />
      )}
      {canHandBack && !handingBack && (
        <button
          type="button"
          className="fa-button fa-button-quiet"
          onClick={() => setHandingBack(true)}
        >
          Hand back
        </button>
      )}
      {handingBack && (
        <form
          className="fa-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return;
            void step('hand_back', { reason: reason.trim() }).then(() => setHandingBack(false));
          }}
        >
          <label className="fa-label" htmlFor={`hand-back-${job.id}`}>
            Why are you handing it back?
          </label>
          <input
            id={`hand-back-${job.id}`}
            className="fa-input"
            value={reason}
            maxLength={500}
            required
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="fa-row">
            <button type="submit" className="fa-button" disabled={busy || !reason.trim()}>
              Hand back
            </button>
            <button
              type="button"
              className="fa-button fa-button-quiet"
              onClick={() => setHandingBack(false)}
            >
              Keep it
            </button>
          </div>
        </form>
      )}
    </article>
  );
});

/** A step's name where the phone lists it. */
export const STEP_NAMES: Record<FieldStepKind, string> = {
  accepted: 'Accept',
  en_route: 'On my way',
  on_location: 'Arrived',
  battery_test: 'Battery test',
  photo: 'Photo',
  complete: 'Complete',
  hand_back: 'Hand back',
  payment: 'Payment',
};

/** Whether the technician's van holds a battery the job takes (inventory's counts). */
function vanHas(items: readonly InventoryItem[], technicianId: number, needed: BookedBattery) {
  return (vanBatteriesOf(items).get(technicianId) ?? []).some((b) => fitsBattery(b, needed));
}

/** A test that says the old battery failed: what a warranty claim stands on. */
const failsOld = (test: { battery: string; decision: (typeof FAILING_DECISIONS)[number] }) =>
  test.battery === 'old' && FAILING_DECISIONS.includes(test.decision);
