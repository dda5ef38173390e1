import { useState } from 'react';
import { Alert, Button, Divider, Form, Input, Typography } from 'antd';
import { mfaLoginSchema, totpConfirmSchema } from '@cincy/contracts';
import { toast } from '../../components/toast';
import { authStore } from '../../lib/auth-store';
import type { SecondStep } from '../../lib/login-step';
import { digitsOnly, mfaBody, offersPasskey } from '../../lib/sign-in-steps';
import { passkeyFailure, passkeysSupported, signInWithPasskey } from '../../lib/passkeys';
import { submitSecondStep } from '../../lib/second-step';
import { zodRule } from '../../lib/zod-form';
import { ACCOUNT_TEXT } from './account.util';

/** The app's code, a recovery code, or (an account with only a passkey) the passkey alone. */
type View = 'code' | 'recovery' | 'passkey';

interface CodeValues {
  code: string;
}
interface RecoveryValues {
  recoveryCode: string;
}

/**
 * The login's second step, in place of the password: the authenticator app's 6-digit code, or
 * one recovery code, or a passkey when the account has one. `onSignedIn` runs once the auth store
 * holds the user; `onCancel` goes back to the password.
 */
export function SecondStepForm({
  step,
  onSignedIn,
  onCancel,
}: {
  step: Extract<SecondStep, { mfa: 'required' }>;
  onSignedIn: () => void;
  onCancel: () => void;
}) {
  const hasApp = step.methods.includes('totp');
  const withPasskey = offersPasskey(step) && passkeysSupported();
  const [view, setView] = useState<View>(hasApp || !withPasskey ? 'code' : 'passkey');
  const [codeForm] = Form.useForm<CodeValues>();
  const [recoveryForm] = Form.useForm<RecoveryValues>();
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);

  const send = async (typed: CodeValues | RecoveryValues) => {
    setBusy('code');
    const failure = await submitSecondStep(mfaBody(typed));
    setBusy(null);
    if (!failure) {
      onSignedIn();
      return;
    }
    if (!authStore.pendingStep()) {
      // The pending session expired: the page is back at the password.
      toast({ title: 'Login Failed', description: failure, variant: 'destructive' });
      return;
    }
    if ('code' in typed) codeForm.setFields([{ name: 'code', errors: [failure] }]);
    else recoveryForm.setFields([{ name: 'recoveryCode', errors: [failure] }]);
  };

  const passkeyStep = async () => {
    setBusy('passkey');
    setPasskeyProblem(null);
    try {
      authStore.completeSignIn(await signInWithPasskey());
      onSignedIn();
    } catch (error) {
      console.warn('Passkey sign-in failed', error);
      setPasskeyProblem(passkeyFailure(error, 'sign-in'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="second-step-title">
      <Typography.Title level={2} id="second-step-title" className="second-step-title">
        {ACCOUNT_TEXT.secondStepTitle}
      </Typography.Title>
      {view === 'code' && (
        <Form<CodeValues>
          key="code"
          form={codeForm}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void send(values)}
          aria-busy={busy === 'code'}
          initialValues={{ code: '' }}
        >
          <Form.Item
            label={ACCOUNT_TEXT.codeLabel}
            name="code"
            extra={ACCOUNT_TEXT.codeHint}
            normalize={(value) => digitsOnly(value)}
            rules={[zodRule(totpConfirmSchema, 'code')]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              size="large"
              className="code-input"
              spellCheck={false}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={busy === 'code'}
            disabled={busy === 'passkey'}
          >
            {busy === 'code' ? ACCOUNT_TEXT.verifying : ACCOUNT_TEXT.verify}
          </Button>
        </Form>
      )}
      {view === 'recovery' && (
        <Form<RecoveryValues>
          key="recovery"
          form={recoveryForm}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void send(values)}
          aria-busy={busy === 'code'}
          initialValues={{ recoveryCode: '' }}
        >
          <Form.Item
            label={ACCOUNT_TEXT.recoveryLabel}
            name="recoveryCode"
            extra={ACCOUNT_TEXT.recoveryHint}
            rules={[zodRule(mfaLoginSchema, 'recoveryCode')]}
          >
            <Input
              autoComplete="off"
              autoCapitalize="none"
              autoFocus
              size="large"
              spellCheck={false}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={busy === 'code'}
            disabled={busy === 'passkey'}
          >
            {busy === 'code' ? ACCOUNT_TEXT.verifying : ACCOUNT_TEXT.verify}
          </Button>
        </Form>
      )}
      {withPasskey && (
        <>
          {view !== 'passkey' && <Divider plain>or</Divider>}
          <Button
            block
            size="large"
            type={view === 'passkey' ? 'primary' : 'default'}
            loading={busy === 'passkey'}
            disabled={busy === 'code'}
            onClick={() => void passkeyStep()}
          >
            {ACCOUNT_TEXT.usePasskey}
          </Button>
          {passkeyProblem && (
            <Alert
              className="second-step-alert"
              type="warning"
              role="alert"
              title={passkeyProblem}
            />
          )}
        </>
      )}
      <div className="second-step-links">
        {view === 'recovery' ? (
          hasApp && (
            <Button type="link" onClick={() => setView('code')} disabled={busy !== null}>
              {ACCOUNT_TEXT.useCode}
            </Button>
          )
        ) : (
          <Button type="link" onClick={() => setView('recovery')} disabled={busy !== null}>
            {ACCOUNT_TEXT.useRecovery}
          </Button>
        )}
        <Button type="link" onClick={onCancel} disabled={busy !== null}>
          {ACCOUNT_TEXT.back}
        </Button>
      </div>
    </section>
  );
}
