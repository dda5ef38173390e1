import { randomBytes } from 'node:crypto';
import { login, startStack, Stack } from '@cincy/stack';
import { eventually } from '../src/board';
import { addTechnician } from '../src/office';
import { launchBrowser, TestBrowser } from '../src/browser';
import { PHONE, businessNoonToday, publicStackEnv, signInToFieldApp } from '../src/public-site';

// The field app's shell: a technician's sign-in lands on it; it is installable (its manifest and
// icons); its service worker takes the page from the next open; with the signal gone, the app and
// any of its addresses open again from the phone; the API's answers are never kept there.
describe('the field app shell (installable, opens without signal)', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-shell-admin', password: `Adm-${secret()}` };
  const technician = { username: 'e2e-shell-tech', password: `Tech-${secret()}` };

  let stack: Stack | undefined;
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2efieldshell' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
    });
    const staff = await login(stack.baseUrl, admin.username, admin.password);
    await addTechnician(staff, { ...technician, name: 'Shell Tech' });
    browser = await launchBrowser({ baseURL: stack.baseUrl, viewport: PHONE });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  test('signs in to it, installs it, and opens it offline', async () => {
    const page = browser!.page;
    page.setDefaultTimeout(20_000);
    await signInToFieldApp(page, technician.username, technician.password);

    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await fetch(link.href)).json() as Promise<Record<string, unknown>>) : null;
    });
    expect(manifest).toMatchObject({
      name: 'Cincy Battery Field',
      short_name: 'Cincy Field',
      start_url: '/field/',
      scope: '/field/',
      display: 'standalone',
    });
    const icons = manifest!.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const res = await page.request.get(new URL(icon.src, `${stack!.baseUrl}/field/`).href);
      expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([
        icon.src,
        200,
        'image/png',
      ]);
    }

    // Registered after the first paint; the page it was registered from is not taken over
    // (no clientsClaim), the next open is.
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/field/');
      return registration?.active?.state === 'activated';
    });
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    // (Chromium may find a worker activated a moment ago only for a later navigation.)
    await eventually(
      'the next open is taken by the service worker',
      async () => {
        await page.goto('/field/');
        return page.evaluate(() => navigator.serviceWorker.controller !== null);
      },
      (controlled) => controlled,
    );

    // No signal: the app opens from its precache, at its start and at any of its addresses.
    await browser!.context.setOffline(true);
    for (const route of ['/field/', '/field/jobs/3']) {
      await page.goto(route);
      expect([route, await page.title()]).toEqual([route, 'Cincy Battery Field']);
      await page.locator('#root > *').first().waitFor();
    }
    await browser!.context.setOffline(false);

    // The shell is what is kept; never an answer of the API.
    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname);
      return paths;
    });
    expect(cached).toEqual(expect.arrayContaining(['/field/index.html', '/field/icon-192.png']));
    expect(cached.filter((p) => p.startsWith('/api'))).toEqual([]);
  }, 120_000);
});
