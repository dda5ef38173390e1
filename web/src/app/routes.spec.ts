import { matchRoutes } from 'react-router-dom';
import { SECURITY_PATH, SETUP_TWO_STEP_PATH } from '../lib/login-step';
import { routes } from './routes';

/** The route elements matched for `path`, outermost first, by their component's name. */
const matched = (path: string) =>
  (matchRoutes(routes, path) ?? []).map(({ route }) => {
    const type = (route.element as { type?: { displayName?: string; name?: string } } | undefined)
      ?.type;
    return type?.displayName ?? type?.name ?? (route.element ? 'element' : 'none');
  });

describe('the account routes (issue 38)', () => {
  it('has the paths lib/login-step names (routes.tsx writes them as literals)', () => {
    expect(matchRoutes(routes, SETUP_TWO_STEP_PATH)?.at(-1)?.route.path).toBe(SETUP_TWO_STEP_PATH);
    expect(matchRoutes(routes, SECURITY_PATH)?.at(-1)?.route.path).toBe(SECURITY_PATH);
  });

  it('opens the pages before a sign-in is complete without the sign-in guard, Security behind it', () => {
    for (const path of [
      '/login',
      '/forgot-password',
      SETUP_TWO_STEP_PATH,
      '/invite/abc',
      '/reset-password/abc',
    ])
      expect(matched(path)).toHaveLength(3); // the shell, the staff frame, the page
    expect(matched(SECURITY_PATH)).toHaveLength(4); // ... and RequireAuth between
    expect(matched(SECURITY_PATH)).toContain('RequireAuth');
  });
});
