import { memo } from 'react';
import { Alert, Button } from 'antd';
import type { Role } from '@cincy/contracts';
import { shareLocation, useLocationState } from '../../hooks/use-location-tracking';

/**
 * A small line on the board about the user's own location: shared, or why not. Technicians, who
 * the map follows, get a 'Share my location' button while permission is unknown or denied; the
 * board never asks by itself.
 */
export const LocationStatus = memo(function LocationStatus({ role }: { role: Role }) {
  const { supported, permission, tracking, error } = useLocationState();
  const technician = role === 'technician';
  const canAsk = supported && technician && permission !== 'granted';
  if (!error && !tracking && !canAsk) return null;

  let text: string;
  if (error) text = error;
  else if (tracking) text = 'Sharing your location with dispatch.';
  else text = 'Your location is not shared with dispatch.';

  return (
    <Alert
      role="status"
      showIcon
      type={error ? 'error' : tracking ? 'success' : 'info'}
      title={
        <>
          {text}
          {permission === 'denied' && technician && (
            <> Allow location for this site in your browser settings, then try again.</>
          )}
        </>
      }
      action={
        canAsk && (
          <Button size="small" onClick={shareLocation}>
            Share my location
          </Button>
        )
      }
    />
  );
});
