import { Alert, Button, Card, DatePicker, Flex, Segmented, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { MESSAGES_SHOWN, businessDate, type MessageState } from '@cincy/contracts';
import { PageHeader } from '../../../components/page-header';
import { MESSAGE_TEXTS, STATE_FILTERS } from '../../../features/messages/message-view.util';
import { MessagesTable } from '../../../features/messages/messages-table';
import { useMessages } from '../../../hooks/use-messages';
import { formatScheduleDate } from '../../../features/schedules/schedule.util';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useNow } from '../../../hooks/use-now';
import { NotAllowedScreen } from '../not-allowed-screen';
import '../staff.css';

const TITLE = 'Messages';
const DATE_FORMAT = 'YYYY-MM-DD';

type StateFilter = MessageState | 'all';

/** Admins only: anyone else gets the not-allowed screen (and the server's 403). */
export function MessagesPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (user.role !== 'admin') return <NotAllowedScreen title={TITLE} who="admins" />;
  return <Messages />;
}

/** One business day's messages to customers (today first), by state; Resend on a failed one. */
function Messages() {
  const now = useNow(60_000);
  const today = businessDate(new Date(now));
  const [date, setDate] = useState<string | null>(null);
  const [state, setState] = useState<StateFilter>('all');
  // Today follows the clock past midnight until another day is picked.
  const day = date ?? today;
  const messages = useMessages({ date: day, state: state === 'all' ? undefined : state });
  const rows = messages.data;

  const pick = (value: Dayjs | null) => setDate(value ? value.format(DATE_FORMAT) : null);

  return (
    <main className="page">
      <title>{`${TITLE} | Cincy Battery`}</title>
      <PageHeader
        title={TITLE}
        subtitle="What was sent to customers, by email and text, and what is still waiting, failed or was dropped as no longer true."
      />
      <Card aria-busy={messages.isFetching || undefined}>
        <Flex vertical gap={16}>
          <Flex gap={8} align="center" wrap>
            <label htmlFor="messages-date" className="visually-hidden">
              Day
            </label>
            <DatePicker
              id="messages-date"
              aria-label="Day"
              value={dayjs(day)}
              onChange={pick}
              format={DATE_FORMAT}
              allowClear={false}
            />
            <Button onClick={() => setDate(null)} disabled={day === today}>
              Today
            </Button>
            <Segmented<StateFilter>
              aria-label="State"
              options={STATE_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
              value={state}
              onChange={setState}
            />
            <Typography.Text strong>{formatScheduleDate(day)}</Typography.Text>
            <span role="status" className="muted">
              {messages.isFetching && rows ? 'Updating...' : ''}
            </span>
          </Flex>
          {messages.isError && !rows ? (
            <Alert
              type="error"
              title={`${MESSAGE_TEXTS.loadFailed} ${messages.error.message}`}
              action={<Button onClick={() => void messages.refetch()}>Retry</Button>}
            />
          ) : (
            <>
              <MessagesTable
                rows={rows ?? []}
                loading={messages.isPending}
                label={`Messages of ${formatScheduleDate(day)}`}
              />
              {rows && rows.length >= MESSAGES_SHOWN && (
                <Typography.Text type="secondary">
                  The newest {MESSAGES_SHOWN} are shown. Pick a state to narrow the list.
                </Typography.Text>
              )}
            </>
          )}
        </Flex>
      </Card>
    </main>
  );
}
