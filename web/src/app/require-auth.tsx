import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingIndicator } from '../components/loading-indicator';
import { useAuthRestoring, useIsAuthenticated } from '../hooks/use-auth';
import { authStore } from '../lib/auth-store';

/**
 * Protected routes: signed-out visitors go to /login, once the server has said whether this
 * browser's cookie still holds a session (asked here if it was not asked at start).
 */
export function RequireAuth() {
  const isAuthenticated = useIsAuthenticated();
  const restoring = useAuthRestoring();
  const location = useLocation();
  useEffect(() => void authStore.restore(), []);

  if (isAuthenticated) return <Outlet />;
  if (restoring) return <LoadingIndicator label="Checking your session..." />;
  return <Navigate to="/login" replace state={{ from: location.pathname }} />;
}
