import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { ApiClient, REPO_ROOT, startStack, Stack } from '@cincy/stack';
import { launchBrowser, TestBrowser } from '../src/browser';
import {
  businessNoonToday,
  describeViolations,
  DESKTOP,
  PHONE,
  publicStackEnv,
  runAxe,
  submitButton,
  type Viewport,
} from '../src/public-site';

// The public site: every page renders its title, unknown paths show the 404 page, the promo video
// has working controls and a fallback, public pages never download the back office's libraries
// (antd, leaflet, socket.io; the tracking page alone loads its socket after the first paint, and
// leaflet while the van is on the way), and axe-core finds no serious or critical accessibility
// problem on any public page at phone or desktop size.
describe('public pages', () => {
  const admin = { username: 'e2e-admin', password: `E2e-${randomBytes(9).toString('base64url')}` };
  let stack: Stack | undefined;
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2e' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
    });
    const { appointment } = await new ApiClient(stack.baseUrl).bookAsap(
      { name: 'Erin Example', phone: '(513) 555-0100' },
      {
        location: '1200 Vine St, Cincinnati, Ohio 45202',
        vehicle: '2019 Toyota Camry (Blue)',
        notes: 'Blue door',
      },
    );
    token = String(appointment.token);
    browser = await launchBrowser({ baseURL: stack.baseUrl });
    browser.page.setDefaultTimeout(20_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  /** A booking's private links; `:token` is filled in with the booking made in beforeAll. */
  const confirmationUrl = '/confirmation/:token';
  const trackingUrl = '/track/:token';
  let token = '';
  const real = (route: string) => route.replace(':token', token);

  /** A route as test names show it. */
  const shown = (route: string) => route.replace(':token', '<token>');

  /** Every public route with the level-1 heading it must show. */
  const PAGES: { path: string; title: string }[] = [
    { path: '/', title: 'Dead battery? We replace it on site.' },
    { path: '/customer-form', title: 'Request Mobile Battery Service' },
    { path: confirmationUrl, title: 'Service Request Received' },
    { path: '/confirmation', title: 'Find your booking' },
    { path: trackingUrl, title: 'We have your request' },
    { path: '/faq', title: 'Frequently Asked Questions' },
    { path: '/pricing', title: 'Battery Pricing' },
    { path: '/about', title: 'We built this for you' },
    { path: '/terms-of-service', title: 'Terms of Service' },
    { path: '/login', title: 'Admin Login' },
    { path: '/no-such-page/here', title: '404 Page Not Found' },
  ];

  async function open(
    pathname: string,
    title: string,
    viewport: Viewport = DESKTOP,
  ): Promise<Page> {
    const page = browser!.page;
    await page.setViewportSize(viewport);
    await page.goto(real(pathname));
    try {
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    } catch (err) {
      const h1 = await page.locator('h1').allInnerTexts();
      throw new Error(
        `${pathname}: no h1 "${title}" (h1s: ${JSON.stringify(h1)}): ${(err as Error).message}`,
      );
    }
    return page;
  }

  test.each(PAGES.map((p) => [shown(p.path), p.path, p.title]))(
    '%s renders its title',
    async (_shown, pathname, title) => {
      const page = await open(pathname, title);
      expect(await page.locator('h1').count()).toBe(1);
      // The app shell's footer (copyright line) is on every page.
      expect(await page.getByText(/©|copyright/i).count()).toBeGreaterThan(0);
    },
  );

  test.each(PAGES.filter((p) => !/^\/(confirmation|track|login|no-such)/.test(p.path)))(
    '$path arrives drawn (prerendered) and hydrates without an error',
    async ({ path: pathname, title }) => {
      // The HTML itself holds the page: a phone on a slow line sees it before any script runs.
      const html = await (await fetch(`${stack!.baseUrl}${pathname}`)).text();
      expect(html).toContain(`>${title}</h1>`);
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // CSP: no inline script
      // Its styles are in it: no style sheet to wait for before the first paint.
      expect(html).toContain('<style>');
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);

      const page = browser!.page;
      const problems: string[] = [];
      const onConsole = (m: { type(): string; text(): string }) => {
        if (m.type() === 'error') problems.push(m.text());
      };
      const onError = (e: Error) => problems.push(e.message);
      // What the page fetches to hydrate: no style sheet, and not the schemas (zod), which the
      // booking form loads at the first keystroke.
      const fetched: string[] = [];
      const onRequest = (r: { url(): string }) => fetched.push(new URL(r.url()).pathname);
      page.on('console', onConsole);
      page.on('pageerror', onError);
      page.on('request', onRequest);
      try {
        await open(pathname, title);
        // Hydrated: React handles a click (a link navigates without a reload).
        await page.waitForFunction(() =>
          Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react')),
        );
        await page.waitForTimeout(300);
      } finally {
        page.off('console', onConsole);
        page.off('pageerror', onError);
        page.off('request', onRequest);
      }
      expect(problems).toEqual([]);
      // A visitor nobody signed in from in this browser: no session check (it would be a 401).
      expect(fetched).not.toContain('/api/users/current');
      expect(fetched.filter((p) => /\.css$|\/schemas-/.test(p))).toEqual([]);
      expect(fetched.some((p) => p.startsWith('/assets/index-'))).toBe(true); // it did watch
    },
  );

  test('a prerendered page stays drawn while the session check answers (no loading flash)', async () => {
    // A remembered user's session check answers while React takes the page over: the shell's
    // re-render must not reach the page, which would then be swapped for the loading indicator
    // for a moment (the video restarting, the footer jumping up and back: layout shift on a phone).
    const page = await browser!.context.newPage();
    await page.addInitScript(() => {
      // Remembered from an earlier visit; the server no longer knows the session (no cookie).
      const user = { id: 1, name: 'Ada', username: 'ada', role: 'admin', privileged: true };
      const remembered = { isAuthenticated: true, currentUser: user, lastActivity: Date.now() };
      localStorage.setItem('auth-storage', JSON.stringify(remembered));
    });
    await page.route('**/api/users/current', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await route.continue();
    });
    await page.addInitScript(() => {
      // What went wrong once the parser had drawn the heading.
      const seen: string[] = [];
      (window as unknown as { flashes: string[] }).flashes = seen;
      let drawn = false;
      new MutationObserver(() => {
        const h1 = document.querySelector('h1');
        drawn ||= h1 !== null;
        if (drawn && !h1) seen.push('the heading went away');
        if (document.querySelector('.loading')) seen.push('a loading indicator');
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      for (let i = 0; i < 3; i++) {
        const session = page.waitForResponse((r) => r.url().endsWith('/api/users/current'));
        await page.goto('/');
        await session;
        await page.waitForTimeout(300);
        expect(
          await page.evaluate(() => (window as unknown as { flashes: string[] }).flashes),
        ).toEqual([]);
      }
    } finally {
      await page.close();
    }
  });

  test('the landing page links, and the pages they lead to', async () => {
    const page = await open('/', PAGES[0].title);
    const links: [string, string, string][] = [
      ['Pricing', '/pricing', 'Battery Pricing'],
      ['FAQ', '/faq', 'Frequently Asked Questions'],
      ['About', '/about', 'We built this for you'],
      ['Book Now', '/customer-form', 'Request Mobile Battery Service'],
      ['Staff Login', '/login', 'Admin Login'],
    ];
    for (const [name, href, title] of links) {
      await open('/', PAGES[0].title);
      const link = page.getByRole('link', { name, exact: true });
      expect({ name, href: await link.getAttribute('href') }).toEqual({ name, href });
      await link.click();
      await page.waitForURL((u) => u.pathname === href);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    }
    // The about page's two sections, the pricing page's prices and its links.
    await open('/about', 'We built this for you');
    await page.getByRole('heading', { name: 'We See You' }).waitFor();
    await page.getByRole('heading', { name: 'We Got You' }).waitFor();
    await open('/pricing', 'Battery Pricing');
    const pricing = await page.locator('main').innerText();
    expect(pricing).toContain('$165');
    expect(pricing).toContain('$210');
    expect(await page.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe(
      '/customer-form',
    );
    expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    // The confirmation page shows the booking its link opens.
    await open(confirmationUrl, 'Service Request Received');
    const details = await page.locator('dl').innerText();
    for (const text of [
      'Erin Example',
      '(513) 555-0100',
      '1200 Vine St, Cincinnati, OH 45202',
      '2019 Toyota Camry (Blue)',
      'ASAP',
      'Blue door',
    ]) {
      expect(details).toContain(text);
    }
    // A link at the foot of a long page opens the next page at its top.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // The address changes at the click; the page (and its scroll) when React commits it.
    await page.getByRole('heading', { level: 1, name: /Dead battery/ }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5_000 });
  });

  test('the promo video plays muted, and its buttons pause/play and unmute/mute it', async () => {
    const page = await open('/', PAGES[0].title);
    const video = page.locator('video');
    // Autoplays muted.
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return !!v && !v.paused && v.muted;
    });
    await page.getByRole('button', { name: 'Pause video' }).click();
    await page.getByRole('button', { name: 'Play video' }).waitFor();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.getByRole('button', { name: 'Play video' }).click();
    await page.getByRole('button', { name: 'Pause video' }).waitFor();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await page.getByRole('button', { name: 'Unmute video' }).click();
    await page.getByRole('button', { name: 'Mute video' }).waitFor();
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await page.getByRole('button', { name: 'Mute video' }).click();
    await page.getByRole('button', { name: 'Unmute video' }).waitFor();
    expect(await page.getByText('Video content available').count()).toBe(0);
  });

  test("a video that cannot load is replaced by 'Video content available' and the phone", async () => {
    const page = browser!.page;
    await page.route('**/media/**', (route) => route.abort());
    try {
      await open('/', PAGES[0].title);
      await page.getByText('Video content available').waitFor();
      expect(await page.locator('video').count()).toBe(0);
      expect(await page.getByRole('button', { name: /video/i }).count()).toBe(0);
      const fallback = page.locator('.pub-video-fallback, [role="note"]').first();
      expect(
        await fallback.getByRole('link', { name: '(513) 555-0142' }).getAttribute('href'),
      ).toMatch(/^tel:/);
    } finally {
      await page.unroute('**/media/**');
    }
  });

  // Markers of the back office's libraries in a script's text.
  const BACK_OFFICE_MARKERS: [string, RegExp][] = [
    ['antd', /ant-btn|data-token-hash|data-css-hash/],
    ['leaflet', /leaflet-container|leaflet-pane/],
    ['socket.io', /\/engine\.io|\/socket\.io/],
  ];

  test('the markers find the back office libraries in the built chunks (control)', () => {
    const assets = path.join(REPO_ROOT, 'web', 'dist', 'assets');
    const all = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(assets, f), 'utf8'))
      .join('\n');
    // socket.io-client is in the dispatch page today; antd and leaflet arrive with later pages.
    expect(BACK_OFFICE_MARKERS.find(([name]) => name === 'socket.io')![1].test(all)).toBe(true);
  });

  test.each(
    [
      '/',
      '/customer-form',
      confirmationUrl,
      '/confirmation',
      '/faq',
      '/pricing',
      '/about',
      '/terms-of-service',
    ].map((route) => [shown(route), route]),
  )('%s never downloads antd, leaflet or socket.io', async (_shown, pathname) => {
    const page = browser!.page;
    const scripts: Response[] = [];
    const requested: string[] = [];
    const onRequest = (r: { url: () => string }) => requested.push(r.url());
    const onResponse = (r: Response) => {
      if (r.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(r.url())) scripts.push(r);
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    try {
      // A full load (about:blank first), so every script of the route is requested again.
      await page.goto('about:blank');
      const title = PAGES.find((p) => p.path === pathname)!.title;
      await open(pathname, title);
      if (pathname === '/customer-form') {
        // The form's interactive parts load nothing more either.
        await page.getByRole('radio', { name: /Schedule for Later/ }).check();
        await page.getByLabel('I agree to the terms of service').check();
        await submitButton(page).click();
        await page.getByText('First name is required').waitFor();
      }
      await page.waitForLoadState('networkidle');
    } finally {
      page.off('request', onRequest);
      page.off('response', onResponse);
    }
    expect(requested.filter((u) => new URL(u).pathname.startsWith('/socket.io'))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const r of scripts) {
      const text = (await r.body()).toString('utf8');
      for (const [name, marker] of BACK_OFFICE_MARKERS) {
        if (marker.test(text)) found.push(`${name} in ${new URL(r.url()).pathname}`);
      }
      if (/\/assets\/(dispatch|customer-database|inventory|user-management)-page/.test(r.url())) {
        found.push(`back-office chunk ${new URL(r.url()).pathname}`);
      }
    }
    expect(found).toEqual([]);
  });

  describe.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('accessibility (axe-core) at %s size', (_size, viewport) => {
    test.each(PAGES.map((p) => [shown(p.path), p.path, p.title]))(
      '%s has no serious or critical violations',
      async (_shown, pathname, title) => {
        const page = browser!.page;
        // Colour transitions (a button turning from disabled grey to blue) would be measured
        // half-way; with reduced motion the page has none, so axe sees the final colours.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await open(pathname, title, viewport);
        // Let lazy content and fonts settle so colours and sizes are final.
        await page.waitForLoadState('networkidle');
        const states: [string, Awaited<ReturnType<typeof runAxe>>][] = [
          ['as loaded', await runAxe(page)],
        ];
        if (pathname === '/customer-form') {
          // The form's other states: the schedule grid open, and every validation message shown.
          await page.getByRole('radio', { name: /Schedule for Later/ }).check();
          await page.getByRole('group', { name: 'Preferred Time' }).waitFor();
          await page.getByLabel('I agree to the terms of service').check();
          await submitButton(page).click();
          await page.getByText('First name is required').waitFor();
          await page.mouse.move(0, 0); // no hover colours either
          states.push(['with the schedule grid and validation messages', await runAxe(page)]);
        }
        const report = states
          .map(
            ([state, violations]) =>
              [
                state,
                violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
              ] as const,
          )
          .filter(([, bad]) => bad.length)
          .map(([state, bad]) => `${pathname} (${state}):\n${describeViolations(bad)}`)
          .join('\n');
        const minor = states.flatMap(([, v]) =>
          v.filter((x) => x.impact !== 'serious' && x.impact !== 'critical'),
        );
        if (minor.length) {
          // Reported, not failed: moderate/minor findings are for the web engineers to look at.
          console.log(
            `${pathname} at ${viewport.width}px, moderate/minor:\n${describeViolations(minor)}`,
          );
        }
        expect(report).toBe('');
      },
    );
  });
});
