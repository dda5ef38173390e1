import { Drawer, type DrawerProps } from 'antd';
import { usePhoneLayout } from '../hooks/use-phone-layout';

type Props = Omit<DrawerProps, 'size' | 'placement'> & {
  /** Its width on a wide screen, in px; on a phone it takes the whole screen. */
  width?: number;
};

/** The back office's drawer from the right: a side panel on a desk, the whole screen on a phone. */
export function SideDrawer({ width = 480, ...props }: Props) {
  const phone = usePhoneLayout();
  return <Drawer placement="right" size={phone ? '100%' : width} destroyOnHidden {...props} />;
}
