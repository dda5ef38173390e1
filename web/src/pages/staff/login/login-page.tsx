import { useState } from 'react';
import { Alert, Button, Divider, Form, Input, Typography } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { loginRequestSchema } from '@cincy/contracts';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { toast } from '../../../components/toast';
import { ACCOUNT_TEXT } from '../../../features/account/account.util';
import { SecondStepForm } from '../../../features/account/second-step-form';
import { useSessionEndedByServer } from '../../../hooks/use-auth';
import { useLogin } from '../../../hooks/use-login';
import { usePendingSecondStep } from '../../../hooks/use-pending-second-step';
import { authStore } from '../../../lib/auth-store';
import { FIELD_APP_URL, usesFieldApp } from '../../../lib/field-app';
import { SETUP_TWO_STEP_PATH } from '../../../lib/login-step';
import { passkeyFailure, passkeysSupported, signInWithPasskey } from '../../../lib/passkeys';
import { cancelPendingSignIn } from '../../../lib/second-step';
import { zodRule } from '../../../lib/zod-form';
import { AccountCard } from '../account-card';

interface LoginValues {
  username: string;
  password: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [form] = Form.useForm<LoginValues>();
  const sessionEnded = useSessionEndedByServer();
  const { step: pending, reading } = usePendingSecondStep();
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  /** Signed in (password, second step or passkey): the field app or the board. */
  const afterSignIn = () => {
    // A technician works from the field app: a full page load, it is another app.
    if (usesFieldApp(authStore.getState().currentUser)) {
      window.location.assign(FIELD_APP_URL);
      return;
    }
    toast({ title: 'Login Successful', description: 'Welcome back!' });
    navigate('/dispatch');
  };

  const onFinish = async (values: LoginValues) => {
    const outcome = await login.mutateAsync(loginRequestSchema.parse(values));
    if (typeof outcome === 'string') {
      toast({ title: 'Login Failed', description: outcome, variant: 'destructive' });
      return;
    }
    // A second step to go: the store's pending step redraws this page (or opens the setup).
    if (outcome) return;
    afterSignIn();
  };

  const passkeySignIn = async () => {
    setPasskeyBusy(true);
    try {
      authStore.completeSignIn(await signInWithPasskey());
      afterSignIn();
    } catch (error) {
      console.warn('Passkey sign-in failed', error);
      toast({
        title: 'Login Failed',
        description: passkeyFailure(error, 'sign-in'),
        variant: 'destructive',
      });
    } finally {
      setPasskeyBusy(false);
    }
  };

  // An admin without a second step sets one up before anything else.
  if (pending?.mfa === 'enroll') return <Navigate to={SETUP_TWO_STEP_PATH} replace />;

  const busy = login.isPending;

  return (
    <AccountCard title="Admin Login" intro="Staff sign-in for dispatch and the back office.">
      {sessionEnded && !pending && (
        <Alert
          className="login-notice"
          type="info"
          role="status"
          title="Your session has ended. Please log in again."
        />
      )}
      {reading ? (
        <LoadingIndicator label="Checking your sign-in..." />
      ) : pending ? (
        <SecondStepForm step={pending} onSignedIn={afterSignIn} onCancel={cancelPendingSignIn} />
      ) : (
        <>
          <Form<LoginValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={onFinish}
            aria-busy={busy}
            initialValues={{ username: '', password: '' }}
          >
            <Form.Item
              label="Username"
              name="username"
              rules={[zodRule(loginRequestSchema, 'username')]}
            >
              <Input autoComplete="username" autoCapitalize="none" spellCheck={false} />
            </Form.Item>
            <Form.Item
              label="Password"
              name="password"
              rules={[zodRule(loginRequestSchema, 'password')]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={busy}
              disabled={passkeyBusy}
            >
              {busy ? 'Logging in...' : 'Login'}
            </Button>
          </Form>
          <div className="login-links">
            <Link to="/forgot-password">{ACCOUNT_TEXT.forgotPassword}</Link>
          </div>
          {passkeysSupported() && (
            <>
              <Divider plain>or</Divider>
              <Button
                block
                size="large"
                loading={passkeyBusy}
                disabled={busy}
                onClick={() => void passkeySignIn()}
              >
                {ACCOUNT_TEXT.passkeySignIn}
              </Button>
              <Typography.Paragraph type="secondary" className="login-passkey-hint">
                With your fingerprint, face or screen lock, on a device where you added one.
              </Typography.Paragraph>
            </>
          )}
        </>
      )}
    </AccountCard>
  );
}
