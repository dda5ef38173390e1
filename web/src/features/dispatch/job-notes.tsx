import { Alert, Typography } from 'antd';
import type { DashboardAppointment } from '@cincy/contracts';
import { handBackText } from './board-notes.util';
import { formatBestSuggestion, type BestSuggestion } from './best-suggestion.util';

/**
 * What an admin sees on an open card: the technician's reason when they handed it back (until
 * it moves on), and the best technician by the estimate.
 */
export function JobNotes({
  appointment: a,
  best,
}: {
  appointment: DashboardAppointment;
  best: BestSuggestion | undefined;
}) {
  if (!a.handBack && !best) return null;
  return (
    <>
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
          {formatBestSuggestion(best)}
        </Typography.Text>
      )}
    </>
  );
}
