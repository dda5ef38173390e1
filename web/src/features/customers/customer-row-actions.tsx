import { Button, Space } from 'antd';
import type { SignedInUser } from '@cincy/contracts';
import { HistoryButton } from '../audit/history-button';
import {
  CUSTOMER_ACTION_LABELS,
  CUSTOMER_DB_MESSAGES,
  customerActionsFor,
  type CustomerAction,
  type CustomerTarget,
} from './customer-database.util';

interface Props {
  user: Pick<SignedInUser, 'privileged' | 'role'>;
  customerId: number;
  /** Null for a deleted customer's record (Battery Search). */
  customer: CustomerTarget | null;
  onAction: (action: CustomerAction) => void;
}

/**
 * A row's buttons; each names its customer to screen readers ('Edit: Jane Doe'). Admins also get
 * the customer's History (the audit log), a deleted one's too: what changed stays, the values not.
 */
export function CustomerRowActions({ user, customerId, customer, onAction }: Props) {
  return (
    <Space size="small">
      {customerActionsFor(user, customer).map((action) => (
        <Button
          key={action}
          size="small"
          danger={action === 'delete'}
          onClick={() => onAction(action)}
          aria-label={customer ? `${CUSTOMER_ACTION_LABELS[action]}: ${customer.name}` : undefined}
        >
          {CUSTOMER_ACTION_LABELS[action]}
        </Button>
      ))}
      <HistoryButton
        user={user}
        entity="customer"
        id={customerId}
        name={customer?.name ?? CUSTOMER_DB_MESSAGES.deletedCustomer}
      />
    </Space>
  );
}
