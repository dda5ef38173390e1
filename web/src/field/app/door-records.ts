import { useEffect, useState } from 'react';
import type { JobPhoto, PhotoKind, TestDecision, TestedBattery } from '@cincy/contracts';
import { fetchBatteryTests } from '../../api/battery-tests';
import { fetchJobPhotos } from '../../api/photos';
import type { FieldJob } from './jobs';

/** What the phone shows of a test and what a completion's rules read of it. */
export interface KnownTest {
  battery: TestedBattery;
  decision: TestDecision;
  stateOfHealth: number;
}

/** A photo taken on the phone, waiting for signal. */
export interface WaitingPhoto {
  kind: PhotoKind;
  image: Blob;
}

export interface DoorRecords {
  tests: KnownTest[];
  /** The photos the server has (shown from GET /api/photos/{id}). */
  photos: JobPhoto[];
  waitingPhotos: WaitingPhoto[];
}

const NONE: DoorRecords = { tests: [], photos: [], waitingPhotos: [] };

/**
 * What was recorded at the door on the job, as the phone knows it: the server's tests and photos
 * (read while on site, again each time one leaves the outbox; the last answer stays when the
 * signal goes) and those still waiting for signal.
 */
export function useDoorRecords(job: FieldJob, onSite: boolean): DoorRecords {
  const [server, setServer] = useState<Pick<DoorRecords, 'tests' | 'photos'>>(NONE);
  const waiting = job.waiting;
  const waitingTests = waiting
    .filter((step) => step.kind === 'battery_test')
    .map((step) => step.body as unknown as KnownTest);
  const waitingPhotos = waiting.flatMap((step) =>
    step.kind === 'photo' && step.file
      ? [{ kind: step.body.kind as PhotoKind, image: step.file }]
      : [],
  );
  const leftCount = waitingTests.length + waitingPhotos.length;
  useEffect(() => {
    if (!onSite) return;
    let stopped = false;
    Promise.all([fetchBatteryTests(job.id), fetchJobPhotos(job.id)])
      .then(([tests, photos]) => !stopped && setServer({ tests, photos }))
      .catch(() => undefined); // no signal: the last answer stays
    return () => {
      stopped = true;
    };
  }, [job.id, onSite, leftCount]);
  return { tests: [...server.tests, ...waitingTests], photos: server.photos, waitingPhotos };
}
