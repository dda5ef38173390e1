import { DateShifts, Priority, Role, WeeklyShift, hourLabel, shiftMinutes } from '@cincy/contracts';

// How the History drawer reads values: words, not codes. Labels match the staff screens'.

export const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', technician: 'Technician' };

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-24' -> 'Tue Nov 24' (a calendar date: no time zone involved). */
export function dayLabel(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  return `${WEEKDAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}`;
}

/** When the visit is: 'ASAP', or 'Tue Nov 24, 2 PM' for a scheduled hour ('14:00:00'). */
export function visitLabel(visit: {
  scheduledDate: string | null;
  scheduledTime: string | null;
}): string {
  if (!visit.scheduledDate) return 'ASAP';
  const hour = visit.scheduledTime ? Number(visit.scheduledTime.slice(0, 2)) : null;
  return hour === null || Number.isNaN(hour)
    ? dayLabel(visit.scheduledDate)
    : `${dayLabel(visit.scheduledDate)}, ${hourLabel(hour)}`;
}

/** '08:00' -> '8 AM', '17:30' -> '5:30 PM', '24:00' -> 'midnight'. */
export function shiftTimeLabel(time: string): string {
  const minutes = shiftMinutes(time);
  if (minutes === null) return time;
  if (minutes === 24 * 60) return 'midnight';
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  if (minute === 0) return hourLabel(hour);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** One day's shifts: '8 AM-12 PM, 1 PM-5 PM', or 'Off'. */
export function shiftsLabel(shifts: readonly { start: string; end: string }[]): string {
  if (!shifts.length) return 'Off';
  return [...shifts]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((s) => `${shiftTimeLabel(s.start)}-${shiftTimeLabel(s.end)}`)
    .join(', ');
}

/** The weekly pattern, Sunday first: 'Mon 8 AM-5 PM; Tue off; ...', or 'No shifts'. */
export function weeklyLabel(weekly: readonly WeeklyShift[]): string {
  if (!weekly.length) return 'No shifts';
  return WEEKDAYS.map((name, day) => {
    const shifts = weekly.filter((s) => s.weekday === day);
    return shifts.length ? `${name} ${shiftsLabel(shifts)}` : `${name} off`;
  }).join('; ');
}

/** An exception's value as the drawer shows it; none: the weekly pattern applies. */
export const exceptionLabel = (exception: DateShifts | undefined): string =>
  exception ? shiftsLabel(exception.shifts) : 'Weekly pattern';

/** Dollars as the inventory screen shows them. */
export const moneyLabel = (dollars: number): string => `$${dollars.toFixed(2)}`;
