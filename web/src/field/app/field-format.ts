/** "just now", "4 min ago", "2 h ago": how old the jobs on screen are. */
export function ago(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** "3 steps waiting for signal". */
export const waitingLine = (count: number) =>
  `${count} ${count === 1 ? 'step' : 'steps'} waiting for signal`;
