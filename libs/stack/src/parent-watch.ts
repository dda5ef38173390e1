import { readFileSync } from 'node:fs';
import path from 'node:path';

// Why npm start polls its parent: `npm start` runs the launcher through `sh -c`, npm forwards
// SIGTERM only to that shell, and the shell dies of it without passing it on; npm killed with
// SIGKILL leaves the shell waiting. Either way the launcher hears nothing. Node has no
// prctl(PR_SET_PDEATHSIG), stdin is the terminal (or /dev/null) and there is no IPC channel, so
// what is left is the kernel handing an orphan to init or a subreaper: its parent pid changes.

/** A process and the parent it had when the watch began. */
export interface Link {
  pid: number;
  parent: number;
}

export const PARENT_POLL_MS = 1_000;

/**
 * The parent pid in the text of /proc/<pid>/stat (`pid (comm) state ppid ...`; comm may hold
 * spaces and parentheses, so count from the last `)`). undefined when the text is not one.
 */
export function parentInStat(stat: string): number | undefined {
  const close = stat.lastIndexOf(')');
  if (close < 0) return undefined;
  const field = stat
    .slice(close + 1)
    .trim()
    .split(/\s+/)[1];
  const ppid = Number(field);
  return field && Number.isInteger(ppid) && ppid >= 0 ? ppid : undefined;
}

/** `sh -c <command>` (bash, dash, zsh too): a shell that only runs one command, as npm runs scripts. */
export function isCommandShell(argv: readonly string[]): boolean {
  return /^(ba|da|z)?sh$/.test(path.basename(argv[0] ?? '')) && argv[1] === '-c';
}

/**
 * What ties a process to whoever started it: its parent, and when that parent is a command shell
 * whose own parent is known, the shell to its parent (npm) too.
 */
export function linksToWatch(
  self: { pid: number; parent: number },
  parentArgv: readonly string[] | undefined,
  grandparent: number | undefined,
): Link[] {
  const links: Link[] = [{ pid: self.pid, parent: self.parent }];
  if (parentArgv && isCommandShell(parentArgv) && grandparent !== undefined) {
    links.push({ pid: self.parent, parent: grandparent });
  }
  return links;
}

/** The first link broken: its process is gone or has another parent now (the old one died). */
export function brokenLink(
  links: readonly Link[],
  parentNow: (pid: number) => number | undefined,
): Link | undefined {
  return links.find((link) => parentNow(link.pid) !== link.parent);
}

/** /proc/<pid>/stat's parent pid; undefined when the process is gone or there is no /proc. */
function procParent(pid: number): number | undefined {
  try {
    return parentInStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

function procArgv(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
  } catch {
    return undefined;
  }
}

export interface ParentWatchOptions {
  /** The parent pid this process started with (read it first thing, before any slow step). */
  parentAtStart?: number;
  everyMs?: number;
}

/**
 * Calls onGone once, within everyMs, when the process that started this one dies (for npm start:
 * npm, through its `sh -c`). Without /proc (macOS) only the direct parent is watched. Returns a
 * function that ends the watch; the timer never keeps the process alive.
 */
export function watchParent(
  onGone: (gonePid: number) => void,
  options: ParentWatchOptions = {},
): () => void {
  const parent = options.parentAtStart ?? process.ppid;
  const links = linksToWatch({ pid: process.pid, parent }, procArgv(parent), procParent(parent));
  const parentNow = (pid: number) => (pid === process.pid ? process.ppid : procParent(pid));
  const timer = setInterval(() => {
    const broken = brokenLink(links, parentNow);
    if (!broken) return;
    clearInterval(timer);
    onGone(broken.parent);
  }, options.everyMs ?? PARENT_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
