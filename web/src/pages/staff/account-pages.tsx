import { useLocation } from 'react-router-dom';
import { SECURITY_PATH } from '../../lib/login-step';
import { ForgotPasswordPage } from './forgot-password/forgot-password-page';
import { InvitePage } from './invite/invite-page';
import { ResetPasswordPage } from './reset-password/reset-password-page';
import { SecurityPage } from './security/security-page';
import { SetupTwoStepPage } from './setup-two-step/setup-two-step-page';

/**
 * The account's screens (issue 38), one lazy chunk: the entry every visitor downloads carries one
 * lazy page for all of them, not one per screen. The routes name their paths; this picks the
 * screen of the address.
 */
export function AccountPage() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/invite/')) return <InvitePage />;
  if (pathname.startsWith('/reset-password/')) return <ResetPasswordPage />;
  if (pathname === '/forgot-password') return <ForgotPasswordPage />;
  if (pathname === SECURITY_PATH) return <SecurityPage />;
  return <SetupTwoStepPage />;
}
