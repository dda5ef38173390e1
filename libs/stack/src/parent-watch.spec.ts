import {
  brokenLink,
  isCommandShell,
  linksToWatch,
  parentInStat,
  watchParent,
} from './parent-watch';

describe('parentInStat', () => {
  it('reads the fourth field, counting from the command in parentheses', () => {
    expect(parentInStat('4242 (node) S 4241 4242 4242 0 -1 4194560 ...')).toBe(4241);
    expect(parentInStat('4242 (my (odd) cmd) R 17 4242 4242')).toBe(17);
    expect(parentInStat('1 (init) S 0 1 1')).toBe(0);
  });

  it('gives undefined for text that is not a stat line', () => {
    expect(parentInStat('')).toBeUndefined();
    expect(parentInStat('4242 (node)')).toBeUndefined();
  });
});

describe('isCommandShell', () => {
  it('knows the shell npm runs a script through', () => {
    expect(isCommandShell(['sh', '-c', 'node scripts/start.mjs --skip-build'])).toBe(true);
    expect(isCommandShell(['/bin/bash', '-c', 'node scripts/start.mjs'])).toBe(true);
  });

  it('is not fooled by a login shell or node itself', () => {
    expect(isCommandShell(['-bash'])).toBe(false);
    expect(isCommandShell(['/usr/bin/zsh'])).toBe(false);
    expect(isCommandShell(['node', '-c', 'x'])).toBe(false);
  });
});

describe('linksToWatch', () => {
  const self = { pid: 30, parent: 20 };

  it('watches the shell npm put between itself and us, so a dead npm is noticed', () => {
    expect(linksToWatch(self, ['sh', '-c', 'node scripts/start.mjs'], 10)).toEqual([
      { pid: 30, parent: 20 },
      { pid: 20, parent: 10 },
    ]);
  });

  it('watches only the parent when it is anything else or cannot be read (no /proc)', () => {
    expect(linksToWatch(self, ['bash'], 10)).toEqual([{ pid: 30, parent: 20 }]);
    expect(linksToWatch(self, undefined, undefined)).toEqual([{ pid: 30, parent: 20 }]);
    expect(linksToWatch(self, ['sh', '-c', 'x'], undefined)).toEqual([{ pid: 30, parent: 20 }]);
  });
});

describe('brokenLink', () => {
  const links = [
    { pid: 30, parent: 20 },
    { pid: 20, parent: 10 },
  ];

  it('is undefined while every process keeps its parent', () => {
    expect(brokenLink(links, (pid) => ({ 30: 20, 20: 10 })[pid])).toBeUndefined();
  });

  it('finds the link whose parent died: the orphan went to init or a subreaper', () => {
    expect(brokenLink(links, (pid) => ({ 30: 20, 20: 1 })[pid])).toEqual(links[1]);
    expect(brokenLink(links, (pid) => ({ 30: 1 })[pid])).toEqual(links[0]);
  });
});

describe('watchParent', () => {
  it('says nothing while the parent lives', async () => {
    const onGone = jest.fn();
    const stop = watchParent(onGone, { everyMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    stop();
    expect(onGone).not.toHaveBeenCalled();
  });

  it('calls back once when the process it started with is no longer its parent', async () => {
    const onGone = jest.fn();
    const dead = 2 ** 22 + 1; // above Linux's pid_max: a parent long gone
    const stop = watchParent(onGone, { everyMs: 10, parentAtStart: dead });
    await new Promise((resolve) => setTimeout(resolve, 60));
    stop();
    expect(onGone.mock.calls).toEqual([[dead]]);
  });
});
