import { useEffect, useState } from 'react';
import type { TestDecision, TestedBattery } from '@cincy/contracts';
import { fetchBatteryTests } from '../../api/battery-tests';
import type { FieldJob } from './jobs';

/** What the phone shows of a test and what a completion's rules read of it. */
export interface KnownTest {
  battery: TestedBattery;
  decision: TestDecision;
  stateOfHealth: number;
}

/**
 * The job's battery tests as the phone knows them: the server's (read while on site, again each
 * time a test leaves the outbox; the last answer stays when the signal goes) and the tests still
 * waiting for signal.
 */
export function useJobTests(job: FieldJob, onSite: boolean): KnownTest[] {
  const [server, setServer] = useState<KnownTest[]>([]);
  const waiting = job.waiting
    .filter((step) => step.kind === 'battery_test')
    .map((step) => step.body as unknown as KnownTest);
  const waitingCount = waiting.length;
  useEffect(() => {
    if (!onSite) return;
    let stopped = false;
    fetchBatteryTests(job.id)
      .then((tests) => !stopped && setServer(tests))
      .catch(() => undefined); // no signal: the last answer stays
    return () => {
      stopped = true;
    };
  }, [job.id, onSite, waitingCount]);
  return [...server, ...waiting];
}
