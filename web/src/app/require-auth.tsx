import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingIndicator } from '../components/loading-indicator';
import { useAuthRestoring, useCurrentUser, useIsAuthenticated } from '../hooks/use-auth';
import { authStore } from '../lib/auth-store';
import { FIELD_APP_URL, sendsToFieldApp } from '../lib/field-app';

/**
 * Protected routes: signed-out visitors go to /login, once the server has said whether this
 * browser's cookie still holds a session (asked here if it was not asked at start). A technician
 * opening the board is sent to the field app (replaced in the history: Back does not return here).
 */
export function RequireAuth() {
  const isAuthenticated = useIsAuthenticated();
  const restoring = useAuthRestoring();
  const user = useCurrentUser();
  const location = useLocation();
  const toFieldApp = isAuthenticated && sendsToFieldApp(user, location.pathname);
  useEffect(() => void authStore.restore(), []);
  useEffect(() => {
    if (toFieldApp) window.location.replace(FIELD_APP_URL);
  }, [toFieldApp]);

  if (toFieldApp) return <LoadingIndicator label="Opening the field app..." />;
  if (isAuthenticated) return <Outlet />;
  if (restoring) return <LoadingIndicator label="Checking your session..." />;
  return <Navigate to="/login" replace state={{ from: location.pathname }} />;
}
