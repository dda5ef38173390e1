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

  /** SIGTERM, up to graceMs for every process to exit, then SIGKILL. */
  async stop(graceMs: number, onNote?: (note: string) => void): Promise<void> {
    this.stopping = true;
    for (const timer of this.pendingRestarts) clearTimeout(timer);
    this.signalAll('SIGTERM');
    const allExited = Promise.all([...this.running.values()].map((r) => r.exited));
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

  private signalAll(signal: NodeJS.Signals): void {
    for (const { child, done } of this.running.values()) {
      if (done || child.pid === undefined) continue;
      try {
        if (this.options.processGroups) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        child.kill(signal); // the group is gone already; the process itself may not be
      }
    }
  }

  private spawnOne(instance: Instance, index: number): void {
    const { id } = instance;
    const child = spawn(process.execPath, [processMain(instance.name)], {
      cwd: REPO_ROOT,
      env: this.options.envFor(instance),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: this.options.processGroups,
    });
    this.attachOutput(child.stdout, id, index, process.stdout);
    this.attachOutput(child.stderr, id, index, process.stderr);
    let resolveExited: () => void = () => undefined;
    const entry: Running = {
      child,
      exited: new Promise<void>((resolve) => (resolveExited = resolve)),
      done: false,
      startedAt: Date.now(),
    };
    this.running.set(id, entry);
    const finished = (how: string) => {
      if (entry.done) return;
      entry.done = true;
      resolveExited();
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
    name: string,
    index: number,
    out: NodeJS.WriteStream,
  ): void {
    if (!stream) return;
    const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
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
