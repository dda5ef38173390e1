import { Button, Space } from 'antd';
import type { SignedInUser } from '@cincy/contracts';
import {
  CUSTOMER_ACTION_LABELS,
  customerActionsFor,
  type CustomerAction,
  type CustomerTarget,
} from './customer-database.util';

interface Props {
  user: Pick<SignedInUser, 'privileged'>;
  /** Null for a deleted customer's record (Battery Search). */
  customer: CustomerTarget | null;
  onAction: (action: CustomerAction) => void;
}

/** A row's buttons; each names its customer to screen readers ('Edit: Jane Doe'). */
export function CustomerRowActions({ user, customer, onAction }: Props) {
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
    </Space>
  );
}
