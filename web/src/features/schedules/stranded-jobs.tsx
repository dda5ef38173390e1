import { App } from 'antd';
import { useCallback } from 'react';
import { strandedJobLine, type ShiftImpact, type StrandedJob } from '@cincy/contracts';

/**
 * Before a schedule change that leaves assigned jobs outside the technician's shifts: a confirm
 * naming each job ('CB-7K3Q9 Sun, Nov 29 at 10 AM, Pat Smith'). A warning, not a refusal
 * (ADR 0102): the admin may still save, and the jobs are then marked on the board and Day View.
 * Opened on Cancel, so Enter never confirms by itself.
 */
export function useConfirmStranded(): (
  name: string,
  jobs: readonly StrandedJob[],
  onSave: () => void,
) => void {
  const { modal } = App.useApp();
  return useCallback(
    (name, jobs, onSave) => {
      modal.confirm({
        title:
          jobs.length === 1
            ? 'A job would be outside the shifts'
            : 'Jobs would be outside the shifts',
        content: (
          <>
            <p>{`Saving leaves ${jobs.length === 1 ? 'this job' : 'these jobs'} assigned to ${name} outside their shifts:`}</p>
            <ul className="stranded-jobs">
              {jobs.map((job) => (
                <li key={job.id}>{strandedJobLine(job)}</li>
              ))}
            </ul>
            <p>
              They stay assigned and are marked on the board and the Day View until moved or
              reassigned.
            </p>
          </>
        ),
        okText: 'Save anyway',
        cancelText: 'Cancel',
        focusable: { autoFocusButton: 'cancel' },
        onOk: onSave,
      });
    },
    [modal],
  );
}

/** A schedule change asked about first: what it would strand, then the save or a warning. */
export interface StrandingCheck {
  /** The technician, as the warning names them. */
  name: string;
  /** The server's answer for the change (the preview route): nothing is saved by it. */
  preview: () => Promise<ShiftImpact>;
  save: () => void;
  /** What happens when nothing would be stranded: the save, unless the caller asks first. */
  noneStranded?: () => void;
  /** The preview could not be answered. */
  failed: (error: unknown) => void;
}

/**
 * Every schedule change's flow (ADR 0102): ask the preview what it would leave outside the
 * shifts, then save at once when nothing, or after a confirm naming those jobs.
 */
export function useCheckStranding(): (check: StrandingCheck) => Promise<void> {
  const confirmStranded = useConfirmStranded();
  return useCallback(
    async ({ name, preview, save, noneStranded = save, failed }) => {
      let jobs: readonly StrandedJob[];
      try {
        ({ jobs } = await preview());
      } catch (error) {
        failed(error);
        return;
      }
      if (jobs.length) confirmStranded(name, jobs, save);
      else noneStranded();
    },
    [confirmStranded],
  );
}
