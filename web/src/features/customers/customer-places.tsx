import { useState } from 'react';
import { Alert, Button, Flex, Input, List, Popconfirm, Space, Tag, Typography } from 'antd';
import type { PlaceEntry, PlaceKind } from '../../api/customers';
import { useChangeCustomerPlace, useCustomerPlaces } from '../../hooks/use-customer-places';
import { ApiRequestError } from '../../api/request';
import { PLACE_COPY, placeBody, placeText } from './customer-record.util';

const errorText = (error: unknown) =>
  error instanceof ApiRequestError
    ? ((error.fieldErrors ? Object.values(error.fieldErrors)[0] : undefined) ??
      error.serverMessage ??
      error.message)
    : 'Something went wrong. Try again.';

/**
 * A customer's addresses or vehicles: those their bookings named and those staff added, the
 * default first. Anyone signed in adds, edits and marks the default; removing is for privileged
 * users (the server says so too).
 */
export function CustomerPlaces({
  customerId,
  kind,
  canRemove,
}: {
  customerId: number;
  kind: PlaceKind;
  canRemove: boolean;
}) {
  const places = useCustomerPlaces(customerId, kind);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const change = useChangeCustomerPlace(customerId, kind);
  const add = (text: string) =>
    change.mutate({ type: 'add', body: placeBody(kind, text) }, { onSuccess: () => setDraft('') });
  const edit = ({ id, text }: { id: number; text: string }) =>
    change.mutate(
      { type: 'edit', id, body: placeBody(kind, text) },
      { onSuccess: () => setEditing(null) },
    );
  const copy = PLACE_COPY[kind];

  return (
    <section aria-label={copy.title}>
      {/* h2 under the page's h1 (axe: heading levels go up by one); sized as a subheading. */}
      <Typography.Title level={2} style={{ fontSize: 16, marginBlock: '0 8px' }}>
        {copy.title}
      </Typography.Title>
      {places.isError ? (
        <Alert
          type="error"
          title={`Could not load the ${copy.title.toLowerCase()}.`}
          action={<Button onClick={() => void places.refetch()}>Retry</Button>}
        />
      ) : (
        <List<PlaceEntry>
          size="small"
          loading={places.isPending}
          dataSource={places.data ?? []}
          locale={{ emptyText: `No ${copy.title.toLowerCase()} yet` }}
          renderItem={(entry) => {
            const text = placeText(entry);
            const busy = change.isPending;
            if (editing?.id === entry.id)
              return (
                <List.Item>
                  <Space.Compact style={{ width: '100%' }}>
                    <Input
                      aria-label={`Edit ${copy.one}`}
                      value={editing.text}
                      onChange={(e) => setEditing({ id: entry.id, text: e.target.value })}
                      onPressEnter={() => edit(editing)}
                    />
                    <Button type="primary" loading={busy} onClick={() => edit(editing)}>
                      Save
                    </Button>
                    <Button onClick={() => setEditing(null)}>Cancel</Button>
                  </Space.Compact>
                </List.Item>
              );
            return (
              <List.Item
                actions={[
                  !entry.isDefault && (
                    <Button
                      key="default"
                      size="small"
                      disabled={busy}
                      aria-label={`Make default: ${text}`}
                      onClick={() => change.mutate({ type: 'default', id: entry.id })}
                    >
                      Make default
                    </Button>
                  ),
                  <Button
                    key="edit"
                    size="small"
                    disabled={busy}
                    aria-label={`Edit: ${text}`}
                    onClick={() => setEditing({ id: entry.id, text })}
                  >
                    Edit
                  </Button>,
                  canRemove && (
                    <Popconfirm
                      key="remove"
                      title={`Remove this ${copy.one}?`}
                      okText="Remove"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => change.mutate({ type: 'remove', id: entry.id })}
                    >
                      <Button size="small" danger disabled={busy} aria-label={`Remove: ${text}`}>
                        Remove
                      </Button>
                    </Popconfirm>
                  ),
                ].filter(Boolean)}
              >
                <span>
                  {text} {entry.isDefault && <Tag color="blue">Default</Tag>}
                </span>
              </List.Item>
            );
          }}
        />
      )}
      <Flex gap={8} style={{ marginTop: 8 }}>
        <Input
          aria-label={`New ${copy.one}`}
          placeholder={copy.placeholder}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => draft.trim() && add(draft)}
        />
        <Button disabled={!draft.trim()} loading={change.isPending} onClick={() => add(draft)}>
          Add {copy.one}
        </Button>
      </Flex>
      {change.isError && (
        <Typography.Text type="danger" role="alert">
          {errorText(change.error)}
        </Typography.Text>
      )}
    </section>
  );
}
