import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingIndicator } from '../components/loading-indicator';
import { useAuthRestoring, useIsAuthenticated } from '../hooks/use-auth';

/** Protected routes: signed-out visitors go to /login (after the session restore has answered). */
export function RequireAuth() {
  const isAuthenticated = useIsAuthenticated();
  const restoring = useAuthRestoring();
  const location = useLocation();

  if (isAuthenticated) return <Outlet />;
  if (restoring) return <LoadingIndicator label="Checking your session..." />;
  return <Navigate to="/login" replace state={{ from: location.pathname }} />;
}
