import { ChildProcess, spawn } from 'node:child_process';
import readline from 'node:readline';
import { printableLines } from './log-format';
import { Instance, processMain, REPO_ROOT } from './processes';
import { restartDelayMs } from './restart-policy';

export type OutputMode = 'keep' | 'print';

export interface StackProcessesOptions {
  /** What to run, in start order (instancesOf). */
  instances: Instance[];
  /** The environment of each process. */
  envFor: (instance: Instance) => NodeJS.ProcessEnv;
  /** 'keep': only remember the last lines (for failure messages); 'print': also print them live. */
  output: OutputMode;
  /**
   * Each process in its own process group, so a terminal's Ctrl+C reaches only the caller, which
   * forwards it once. Off, a signal to the caller's group (a CI timeout) reaches the services too.
   */
  processGroups: boolean;
  /** Called once per process when it exits (or could not start), stopping or not. */
  onExit: (id: string, how: string) => void;
  /**
   * Supervise: a process that exits while the stack is not stopping is started again after a
   * growing back-off (restartDelayMs), and `onRestart` says so. Off, an exit is only reported.
   */
  restart?: { onRestart: (id: string, how: string, delayMs: number) => void };
}

const LINES_KEPT = 60;
const NAME_WIDTH = 10; // dispatch#2

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  done: boolean;
  startedAt: number;
  /** Called with each line the process writes (a replacement waits for its ready line). */
  onLine?: (line: string) => void;
  /** Being replaced (rolling restart): its exit is expected, neither reported nor restarted. */
  retired?: boolean;
}

/** How one process is replaced by a new one of the same instance (see `replace`). */
export interface Replacement {
  /**
   * Start the new process before stopping the old one (a domain service: its RPC queue group and
   * its consumers take two at once). Without it (a gateway: one port), the old one stops first.
   */
  surge: boolean;
  /** A line of the new process that says it is serving (`dispatch service ready`). */
  readyLine: string;
  /** How long the new process has to write it. */
  readyTimeoutMs: number;
  /** How long the old process has to drain after SIGTERM before SIGKILL. */
  drainMs: number;
}

/**
 * The stack's processes: spawned in start order, output kept (and printed), signalled, awaited.
 * Everything about the children lives here, the restart policy included.
 */
export class StackProcesses {
  private readonly running = new Map<string, Running>();
  private readonly lines: string[] = [];
  private readonly killOnExit = () => this.signalAll('SIGKILL');
  private readonly lastDelay = new Map<string, number>();
  private readonly pendingRestarts = new Set<NodeJS.Timeout>();
  /** Old processes a rolling restart is replacing: still signalled and awaited on stop. */
  private readonly retiring = new Set<Running>();
  private stopping = false;

  constructor(private readonly options: StackProcessesOptions) {}

  start(): void {
    // A stack left running (a caller that crashed or forgot stop()) must not outlive its caller.
    process.once('exit', this.killOnExit);
    this.options.instances.forEach((instance, index) => this.spawnOne(instance, index));
  }

  /** The last lines the processes wrote, each prefixed with the process name. */
  recentOutput(): string {
    return this.lines.join('\n');
  }

  /** The process id of each running process by instance id (`dispatch`, `dispatch#2`). */
  pids(): Record<string, number> {
    const pids: Record<string, number> = {};
    for (const [id, { child, done }] of this.running) if (!done && child.pid) pids[id] = child.pid;
    return pids;
  }

  /**
   * Replaces a running process by a new one of the same instance, as a rolling restart does: the
   * old one gets SIGTERM (it drains: stops taking work, finishes what it took) and, surging, only
   * once the new one is ready. Rejects, with the old process left serving when it still is, when
   * the new one exits or is not ready in time.
   */
  async replace(instance: Instance, how: Replacement): Promise<{ drained: boolean }> {
    const old = this.running.get(instance.id);
    if (!old || old.done) throw new Error(`${instance.id} is not running`);
    old.retired = true;
    this.retiring.add(old);
    let drained = true;
    try {
      if (!how.surge) drained = await this.terminate(old, how.drainMs);
      if (this.stopping) throw new Error('the stack is stopping');
      const index = this.options.instances.findIndex((i) => i.id === instance.id);
      const fresh = this.spawnOne(instance, index);
      // On probation until ready: should it die, the old one goes on serving (or, not surging,
      // the supervisor starts this instance again) and the rolling restart stops.
      fresh.retired = true;
      try {
        await this.untilLine(fresh, how.readyLine, how.readyTimeoutMs, instance.id);
      } catch (err) {
        await this.terminate(fresh, how.drainMs);
        if (how.surge && !old.done) {
          old.retired = false;
          this.running.set(instance.id, old);
        } else if (this.options.restart && !this.stopping) {
          this.restartLater(instance, index, fresh, 'failed to start');
        }
        throw err;
      }
      fresh.retired = false;
      if (how.surge) drained = await this.terminate(old, how.drainMs);
    } finally {
      this.retiring.delete(old);
    }
    return { drained };
  }

  /** SIGTERM, up to graceMs for the process to exit, then SIGKILL; false when it took the kill. */
  private async terminate(entry: Running, graceMs: number): Promise<boolean> {
    if (entry.done) return true;
    entry.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      entry.exited.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      entry.child.kill('SIGKILL');
      await entry.exited;
    }
    return inTime;
  }

  /** Resolves when the process writes a line containing `text`; rejects when it exits first. */
  private untilLine(entry: Running, text: string, timeoutMs: number, id: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${id} did not say "${text}" within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      entry.onLine = (line) => {
        if (!line.includes(text)) return;
        clearTimeout(timer);
        entry.onLine = undefined;
        resolve();
      };
      void entry.exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`${id} exited before it said "${text}"`));
      });
    });
  }

  /** SIGTERM, up to graceMs for every process to exit, then SIGKILL. */
  async stop(graceMs: number, onNote?: (note: string) => void): Promise<void> {
    this.stopping = true;
    for (const timer of this.pendingRestarts) clearTimeout(timer);
    this.signalAll('SIGTERM');
    const allExited = Promise.all(this.everyProcess().map((r) => r.exited));
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      allExited.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      onNote?.('Some services did not stop in time: killing them');
      this.signalAll('SIGKILL');
      await allExited;
    }
    process.removeListener('exit', this.killOnExit);
  }

  private everyProcess(): Running[] {
    return [...this.running.values(), ...this.retiring];
  }

  private signalAll(signal: NodeJS.Signals): void {
    for (const { child, done } of this.everyProcess()) {
      if (done || child.pid === undefined) continue;
      try {
        if (this.options.processGroups) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        child.kill(signal); // the group is gone already; the process itself may not be
      }
    }
  }

  private spawnOne(instance: Instance, index: number): Running {
    const { id } = instance;
    const child = spawn(process.execPath, [processMain(instance.name)], {
      cwd: REPO_ROOT,
      env: this.options.envFor(instance),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: this.options.processGroups,
    });
    let resolveExited: () => void = () => undefined;
    const entry: Running = {
      child,
      exited: new Promise<void>((resolve) => (resolveExited = resolve)),
      done: false,
      startedAt: Date.now(),
    };
    this.attachOutput(child.stdout, entry, id, index, process.stdout);
    this.attachOutput(child.stderr, entry, id, index, process.stderr);
    this.running.set(id, entry);
    const finished = (how: string) => {
      if (entry.done) return;
      entry.done = true;
      resolveExited();
      if (entry.retired) return;
      this.options.onExit(id, how);
      if (this.options.restart && !this.stopping) this.restartLater(instance, index, entry, how);
    };
    child.once('exit', (code, signal) =>
      finished(signal ? `killed by ${signal}` : `exited with code ${code}`),
    );
    // 'error' without a pid: the process never started (no 'exit' follows). Later errors (a
    // failed kill) need a listener too, or they would crash the caller.
    child.on('error', (err) => {
      if (child.pid === undefined) finished(`could not start: ${err.message}`);
    });
    return entry;
  }

  private restartLater(instance: Instance, index: number, entry: Running, how: string): void {
    const { id } = instance;
    const delay = restartDelayMs(this.lastDelay.get(id) ?? 0, Date.now() - entry.startedAt);
    this.lastDelay.set(id, delay);
    this.options.restart?.onRestart(id, how, delay);
    const timer = setTimeout(() => {
      this.pendingRestarts.delete(timer);
      if (!this.stopping) this.spawnOne(instance, index);
    }, delay);
    this.pendingRestarts.add(timer);
  }

  private attachOutput(
    stream: NodeJS.ReadableStream | null,
    entry: Running,
    name: string,
    index: number,
    out: NodeJS.WriteStream,
  ): void {
    if (!stream) return;
    const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      entry.onLine?.(line);
      if (line.trim()) {
        this.lines.push(`${name.padEnd(NAME_WIDTH)}| ${line}`);
        if (this.lines.length > LINES_KEPT) this.lines.shift();
      }
      if (this.options.output === 'print') {
        for (const printable of printableLines(line, name, index, out, NAME_WIDTH)) {
          out.write(`${printable}\n`);
        }
      }
    });
  }
}
