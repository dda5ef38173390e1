import { Alert, Typography } from 'antd';
import { ARRIVAL_MESSAGES, type DashboardAppointment } from '@cincy/contracts';
import { handBackText } from './board-notes.util';
import { formatBestSuggestion, type BestSuggestion } from './best-suggestion.util';

/**
 * What an admin sees on a card: the technician's reason when they handed it back (until it moves
 * on), an arrival let through after three wrong codes, and the best technician by the estimate.
 */
export function JobNotes({
  appointment: a,
  best,
}: {
  appointment: DashboardAppointment;
  best: BestSuggestion | undefined;
}) {
  const unconfirmed = a.arrivalCheck === 'unconfirmed';
  if (!a.handBack && !unconfirmed && !best) return null;
  return (
    <>
      {unconfirmed && <Alert type="warning" showIcon title={ARRIVAL_MESSAGES.unconfirmed} />}
      {a.handBack && (
        <Alert
          type="warning"
          showIcon
          title={<span style={{ overflowWrap: 'anywhere' }}>{handBackText(a.handBack)}</span>}
        />
      )}
      {best && (
        <Typography.Text data-testid="best-suggestion">
          <Typography.Text type="secondary">Suggested: </Typography.Text>
          {formatBestSuggestion(best, a.battery)}
        </Typography.Text>
      )}
    </>
  );
}
