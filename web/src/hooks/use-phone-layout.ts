import { Grid } from 'antd';

/** Below antd's `md` breakpoint (768 px): the phone layout technicians use on the road. */
export function usePhoneLayout(): boolean {
  return Grid.useBreakpoint().md === false;
}
