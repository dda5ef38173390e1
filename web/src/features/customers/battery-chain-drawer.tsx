import { Alert, Button, Descriptions, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { SideDrawer } from '../../components/side-drawer';
import { CUSTOMER_RECORD_MESSAGES, businessDate, type BatteryLink } from '@cincy/contracts';
import { ApiRequestError } from '../../api/request';
import { useBatteryChain } from '../../hooks/use-battery-chain';
import { NONE, serviceLabel } from './customer-database.util';
import { linkSummary, underWarranty } from './customer-record.util';

/**
 * A battery's page: every battery of its chain, oldest first: installed on, in which vehicle, for
 * whom, replaced (under warranty) by which serial, and the warranty's last day.
 */
export function BatteryChainDrawer({
  serial,
  open,
  onClose,
  afterClose,
}: {
  serial: string;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const chain = useBatteryChain(serial);
  const today = businessDate();
  const missing = chain.error instanceof ApiRequestError && chain.error.status === 404;
  return (
    <SideDrawer
      width={736}
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose?.()}
      title={
        <>
          Battery <Typography.Text code>{serial}</Typography.Text>
        </>
      }
    >
      {chain.isPending ? (
        <div role="status">
          <p>Loading the battery's history...</p>
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      ) : missing ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={CUSTOMER_RECORD_MESSAGES.batteryNotFound}
        />
      ) : chain.isError ? (
        <Alert
          type="error"
          title="Could not load this battery."
          action={<Button onClick={() => void chain.refetch()}>Retry</Button>}
        />
      ) : (
        <Timeline
          items={chain.data.chain.map((link) => ({
            color: link.serial.toLowerCase() === serial.trim().toLowerCase() ? 'blue' : 'gray',
            children: <LinkCard link={link} today={today} />,
          }))}
        />
      )}
    </SideDrawer>
  );
}

function LinkCard({ link, today }: { link: BatteryLink; today: string }) {
  const running = underWarranty(link, today);
  return (
    <section aria-label={`Battery ${link.serial}`}>
      <Typography.Paragraph>
        <Typography.Text code>{link.serial}</Typography.Text> {linkSummary(link)}
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'service', label: 'Service', children: serviceLabel(link.serviceCode) },
          { key: 'on', label: 'Installed on', children: link.installedOn },
          { key: 'vehicle', label: 'Vehicle', children: link.vehicle || NONE },
          { key: 'customer', label: 'Customer', children: link.customer?.name || NONE },
          { key: 'model', label: 'Battery', children: link.batteryModel || NONE },
          { key: 'tech', label: 'Technician', children: link.technicianName || NONE },
          { key: 'replaces', label: 'Replaced', children: link.replaces || NONE },
          {
            key: 'replacedBy',
            label: 'Replaced by',
            children: link.replacedBy
              ? `${link.replacedBy.serial} (${serviceLabel(link.replacedBy.serviceCode)}, ${link.replacedBy.on})`
              : NONE,
          },
          {
            key: 'warranty',
            label: 'Warranty ends',
            children: (
              <>
                {link.warrantyEndsOn}{' '}
                <Tag color={running ? 'green' : 'default'}>{running ? 'Active' : 'Ended'}</Tag>
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
