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

/** What the code form sends: the app's code, or a recovery code. */
type CodeValues = { code: string } | { recoveryCode: string };

/** The one field of each code view: the app's six digits, or a recovery code as printed. */
const CODE_FIELDS = {
  code: {
    name: 'code',
    label: ACCOUNT_TEXT.codeLabel,
    hint: ACCOUNT_TEXT.codeHint,
    normalize: (value: string) => digitsOnly(value),
    rule: zodRule(totpConfirmSchema, 'code'),
    input: { inputMode: 'numeric', autoComplete: 'one-time-code', className: 'code-input' },
  },
  recovery: {
    name: 'recoveryCode',
    label: ACCOUNT_TEXT.recoveryLabel,
    hint: ACCOUNT_TEXT.recoveryHint,
    normalize: undefined,
    rule: zodRule(mfaLoginSchema, 'recoveryCode'),
    input: { autoComplete: 'off', autoCapitalize: 'none' },
  },
} as const satisfies Record<Exclude<View, 'passkey'>, unknown>;

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
  const [form] = Form.useForm<CodeValues>();
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);

  const send = async (typed: CodeValues) => {
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
    form.setFields([{ name: 'code' in typed ? 'code' : 'recoveryCode', errors: [failure] }]);
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
      {view !== 'passkey' && (
        <Form<CodeValues>
          key={view}
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void send(values)}
          aria-busy={busy === 'code'}
          initialValues={{ [CODE_FIELDS[view].name]: '' }}
        >
          <Form.Item
            label={CODE_FIELDS[view].label}
            name={CODE_FIELDS[view].name}
            extra={CODE_FIELDS[view].hint}
            normalize={CODE_FIELDS[view].normalize}
            rules={[CODE_FIELDS[view].rule]}
          >
            <Input {...CODE_FIELDS[view].input} autoFocus size="large" spellCheck={false} />
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
