import { Button, Dropdown } from 'antd';
import type { DayJob } from '@cincy/contracts';

export interface AssignTarget {
  technicianId: number;
  name: string;
}

/**
 * 'Assign to...' on a job: the day's technicians but the one who has it, in a menu (keyboard:
 * Enter opens it, arrows choose). `compact` for a timeline block: a small button, same name.
 */
export function JobAssignMenu({
  job,
  targets,
  onAssign,
  busy,
  disabled = false,
  compact = false,
}: {
  job: DayJob;
  targets: readonly AssignTarget[];
  onAssign: (job: DayJob, target: AssignTarget) => void;
  /** This job's assignment is being sent. */
  busy: boolean;
  /** Another assignment is being sent. */
  disabled?: boolean;
  compact?: boolean;
}) {
  const label = `Assign ${job.customerName} to...`;
  return (
    <Dropdown
      trigger={['click']}
      disabled={busy || disabled || targets.length === 0}
      menu={{
        items: targets.map((t) => ({ key: String(t.technicianId), label: t.name })),
        onClick: ({ key }) => {
          const target = targets.find((t) => String(t.technicianId) === key);
          if (target) onAssign(job, target);
        },
      }}
    >
      <Button
        size="small"
        loading={busy}
        aria-label={label}
        title={targets.length === 0 ? 'Nobody else is on shift this day' : label}
        className={compact ? 'day-job-menu' : undefined}
      >
        {compact ? <span aria-hidden="true">⋮</span> : 'Assign to...'}
      </Button>
    </Dropdown>
  );
}
