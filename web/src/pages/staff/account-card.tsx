import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { BatteryMark } from '../../components/battery-mark';
import './staff.css';

/**
 * The card of the pages one reaches before being signed in (login, the second step's setup, an
 * invitation, a password reset): the brand, the page's one h1, its content. No navigation.
 */
export function AccountCard({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  /** For a QR code or the recovery codes. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="page login-page">
      <title>{`${title} | Cincy Battery`}</title>
      <Card className={wide ? 'login-card account-card-wide' : 'login-card'}>
        <div className="login-brand">
          <BatteryMark />
          <span>Cincy Battery</span>
        </div>
        <Typography.Title level={1} className="login-title">
          {title}
        </Typography.Title>
        {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
        {children}
      </Card>
    </main>
  );
}
