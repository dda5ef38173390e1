import { Alert, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { SideDrawer } from '../../components/side-drawer';
import type { AuditEntity, AuditEntry } from '@cincy/contracts';
import {
  AUDIT_ENTITY_LABELS,
  HISTORY_TEXTS,
  actorText,
  changeText,
  entryWhen,
  historyEntries,
  historyTitle,
} from './history.util';
import { useAuditHistory } from '../../hooks/use-audit-history';
import './history.css';

export interface HistoryTarget {
  entity: AuditEntity;
  id: number;
  /** What the title calls it: the customer's, item's or user's name. */
  name: string;
}

interface Props extends HistoryTarget {
  open: boolean;
  onClose: () => void;
}

/**
 * One thing's history (admins), newest first: what happened, by whom, when, and each field's
 * change; older entries a page at a time. Full width on a phone, as the other drawers.
 */
export function HistoryDrawer({ entity, id, name, open, onClose }: Props) {
  const history = useAuditHistory(entity, id, open);
  const pages = history.data?.pages;

  return (
    <SideDrawer title={historyTitle(name)} open={open} onClose={onClose}>
      <div aria-busy={history.isFetching || undefined}>
        {history.isPending && !history.isError ? (
          <div role="status">
            <Typography.Paragraph type="secondary">{HISTORY_TEXTS.loading}</Typography.Paragraph>
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </div>
        ) : history.isError && !pages ? (
          <Alert
            type="error"
            title={`${HISTORY_TEXTS.loadFailed} ${history.error.message}`}
            action={<Button onClick={() => void history.refetch()}>Retry</Button>}
          />
        ) : (
          <Flex vertical gap={12}>
            <HistoryEntries
              entries={historyEntries(pages ?? [])}
              label={`History of the ${AUDIT_ENTITY_LABELS[entity]} ${name}`}
            />
            {history.isFetchNextPageError && (
              <Alert
                type="error"
                title={HISTORY_TEXTS.olderFailed}
                action={<Button onClick={() => void history.fetchNextPage()}>Retry</Button>}
              />
            )}
            {history.hasNextPage && !history.isFetchNextPageError && (
              <Button
                onClick={() => void history.fetchNextPage()}
                loading={history.isFetchingNextPage}
              >
                {HISTORY_TEXTS.showOlder}
              </Button>
            )}
          </Flex>
        )}
      </div>
    </SideDrawer>
  );
}

/** The entries as a timeline (an ordered list, newest first), or "No history yet". */
export function HistoryEntries({
  entries,
  label,
}: {
  entries: readonly AuditEntry[];
  label: string;
}) {
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={HISTORY_TEXTS.empty} />;
  return (
    <ol className="history-timeline" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="history-entry" data-testid="history-entry">
          <Typography.Text strong>{entry.summary}</Typography.Text>
          <Typography.Text type="secondary" className="history-meta">
            {actorText(entry)} · <time dateTime={entry.at}>{entryWhen(entry)}</time>
          </Typography.Text>
          {entry.changes.length > 0 && (
            <ul className="history-changes" aria-label="Changes">
              {entry.changes.map((change) => (
                <li key={change.field} className={change.redacted ? 'history-redacted' : undefined}>
                  {changeText(change)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
