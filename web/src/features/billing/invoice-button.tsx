import { Button, type ButtonProps } from 'antd';
import { Suspense, lazy, useState } from 'react';
import type { DashboardAppointment, SignedInUser } from '@cincy/contracts';

// The drawer is a chunk of its own, fetched when an admin first opens one.
const InvoiceDrawer = lazy(() =>
  import('./invoice-drawer').then((m) => ({ default: m.InvoiceDrawer })),
);

interface Props {
  appointment: DashboardAppointment;
  user: Pick<SignedInUser, 'role'>;
  block?: boolean;
  size?: ButtonProps['size'];
  style?: ButtonProps['style'];
}

/** "Invoice" and its drawer, for admins, on a job that is billed. */
export function InvoiceButton({ appointment, user, block, size = 'large', style }: Props) {
  const [state, setState] = useState({ open: false, drawn: false });
  if (user.role !== 'admin' || !appointment.payment) return null;
  return (
    <>
      <Button
        size={size}
        block={block}
        style={style}
        aria-label={`Invoice: ${appointment.customer.name}`}
        aria-haspopup="dialog"
        aria-expanded={state.open}
        onClick={() => setState({ open: true, drawn: true })}
      >
        Invoice
      </Button>
      {state.drawn && (
        <Suspense fallback={null}>
          <InvoiceDrawer
            appointment={appointment}
            open={state.open}
            onClose={() => setState({ open: false, drawn: true })}
          />
        </Suspense>
      )}
    </>
  );
}
