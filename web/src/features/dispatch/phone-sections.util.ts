import {
  businessDate,
  isActive,
  isClosed,
  type DashboardAppointment,
  type SignedInUser,
} from '@cincy/contracts';
import { openToday, splitBoard } from './board-lists.util';
import { compareCodeUnits } from '../../lib/sort';

export type BoardSectionKey = 'current' | 'offered' | 'inProgress' | 'available' | 'future';

/** One list of the board: its heading, its empty text and its jobs, in the order shown. */
export interface BoardSection {
  key: BoardSectionKey;
  title: string;
  empty: string;
  appointments: DashboardAppointment[];
  /** Folded until opened (Future Jobs). */
  collapsible?: boolean;
}

const SECTION_TEXT: Record<BoardSectionKey, { title: string; empty: string }> = {
  current: { title: 'Your Current Job', empty: 'No current job. Accept one below.' },
  offered: { title: 'Offered to You', empty: 'No jobs offered to you' },
  inProgress: { title: 'In Progress', empty: 'No jobs in progress' },
  available: { title: 'Available Jobs', empty: 'No available jobs at the moment' },
  future: { title: 'Future Jobs', empty: 'No future jobs scheduled' },
};

const section = (key: BoardSectionKey, appointments: DashboardAppointment[]): BoardSection => ({
  key,
  ...SECTION_TEXT[key],
  appointments,
  ...(key === 'future' ? { collapsible: true } : {}),
});

type Viewer = Pick<SignedInUser, 'id' | 'role'>;

/**
 * The board's lists for a phone, most urgent first; every job is in exactly one list.
 * A technician: their current job (accepted, en route or on location), the jobs assigned to them
 * and not started (offered), the open pool (Available Jobs), the team's other jobs in progress,
 * then Future Jobs. Anyone else (an admin): In Progress, Available Jobs (with the jobs assigned and
 * not yet accepted), Future Jobs.
 */
export function phoneSections(
  appointments: readonly DashboardAppointment[],
  user: Viewer,
  today = businessDate(),
): BoardSection[] {
  const lists = splitBoard(appointments, today);
  if (user.role !== 'technician')
    return [
      section('inProgress', lists.inProgress),
      section('available', openToday(lists)),
      section('future', lists.future),
    ];
  const mine = (a: DashboardAppointment) => a.technicianId === user.id;
  const current = lists.inProgress.filter(mine);
  const offered = appointments
    .filter((a) => mine(a) && !isActive(a.status) && !isClosed(a.status))
    // A job dispatch gave them comes first: it waits for their answer (Accept or Hand back).
    .sort(
      (a, b) =>
        Number(b.status === 'assigned') - Number(a.status === 'assigned') ||
        compareCodeUnits(a.requestedAt, b.requestedAt),
    );
  const offeredIds = new Set(offered.map((a) => a.id));
  const notOffered = (a: DashboardAppointment) => !offeredIds.has(a.id);
  return [
    section('current', current),
    section('offered', offered),
    section('available', lists.available.filter(notOffered)),
    section(
      'inProgress',
      lists.inProgress.filter((a) => !mine(a)),
    ),
    section('future', lists.future.filter(notOffered)),
  ];
}

/**
 * The desktop board's lists: Available Jobs, In Progress and Future Jobs; a technician with a job
 * under way sees In Progress first.
 */
export function deskSections(
  appointments: readonly DashboardAppointment[],
  busy: boolean,
  today = businessDate(),
): BoardSection[] {
  const lists = splitBoard(appointments, today);
  // Dispatch's view: the jobs it assigned stay in Available Jobs until a technician accepts them.
  const available = section('available', openToday(lists));
  const inProgress = section('inProgress', lists.inProgress);
  return [
    ...(busy ? [inProgress, available] : [available, inProgress]),
    section('future', lists.future),
  ];
}

/** 'Gate code 4411' in the notes -> '4411' (shown large on the technician's current job). */
export function gateCode(notes: string | null | undefined): string | null {
  const match = /\bgate(?:\s*code)?\s*[:#]?\s*([A-Za-z0-9*#-]*\d[A-Za-z0-9*#-]*)/i.exec(
    notes ?? '',
  );
  return match ? match[1] : null;
}
