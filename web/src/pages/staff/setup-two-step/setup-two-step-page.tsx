import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Divider, Form, Input, Skeleton, Typography, type FormInstance } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES, ERROR_CODES, totpConfirmSchema, type TotpSetup } from '@cincy/contracts';
import { ApiRequestError, fieldErrorsOf, serverMessageOf } from '../../../api/request';
import { QrCode } from '../../../components/qr-code';
import { toast } from '../../../components/toast';
import { ACCOUNT_TEXT, groupSecret } from '../../../features/account/account.util';
import { RecoveryCodesPanel } from '../../../features/account/recovery-codes-panel';
import { useAddPasskey } from '../../../hooks/use-account-security';
import { useCurrentUser, useIsAuthenticated } from '../../../hooks/use-auth';
import { usePendingSecondStep, usePendingStep } from '../../../hooks/use-pending-second-step';
import { useConfirmTotp, useStartTotpSetup } from '../../../hooks/use-totp-setup';
import { SECURITY_PATH, isMfaRequired } from '../../../lib/login-step';
import { digitsOnly, homeOf } from '../../../lib/sign-in-steps';
import { passkeyFailure, passkeysSupported } from '../../../lib/passkeys';
import { cancelPendingSignIn, refreshSignIn } from '../../../lib/second-step';
import { showServerErrors, zodRule } from '../../../lib/zod-form';
import { AccountCard } from '../account-card';

interface CodeValues {
  code: string;
}

const TITLE = 'Set up two-step sign-in';

/**
 * The authenticator app's setup (issue 38): its QR code and key, its first code, then the
 * recovery codes once. Or a passkey instead. Opened by an admin's pending session that must set
 * one up before anything else, or from Security by anyone signed in.
 */
export function SetupTwoStepPage() {
  const navigate = useNavigate();
  const pending = usePendingStep();
  const { step } = usePendingSecondStep();
  const signedIn = useIsAuthenticated();
  const user = useCurrentUser();
  const setup = useStartTotpSetup();
  const confirm = useConfirmTotp();
  const addPasskey = useAddPasskey();
  const [form] = Form.useForm<CodeValues>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [finishing, setFinishing] = useState(false);
  // Only a signed-in person comes back to Security; a pending session goes on to its home.
  const fromSecurity = signedIn && !pending;

  // One secret per visit (the ref outlives StrictMode's second run of the effect).
  const { mutate: startSetup } = setup;
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    startSetup();
  }, [startSetup]);

  /** The setup made the session a full one: signed in here too, then home. */
  const finish = async () => {
    if (fromSecurity) {
      navigate(SECURITY_PATH);
      return;
    }
    setFinishing(true);
    try {
      const current = await refreshSignIn();
      if (!current) {
        navigate('/login');
        return;
      }
      const home = homeOf(current);
      if (home.startsWith('/field')) window.location.assign(home);
      else navigate(home);
    } catch (error) {
      console.warn('Could not finish signing in', error);
      if (isMfaRequired(error)) navigate('/login');
      else
        toast({
          title: 'Could not continue',
          description: serverMessageOf(error) ?? 'Try again.',
          variant: 'destructive',
        });
    } finally {
      setFinishing(false);
    }
  };

  const onConfirm = ({ code }: CodeValues) =>
    confirm.mutate(code, {
      onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes),
      onError: (error) => {
        console.warn('The first code was refused', error);
        if (showServerErrors(form, fieldErrorsOf(error))) return;
        if (error instanceof ApiRequestError && error.status !== 409)
          form.setFields([
            { name: 'code', errors: [serverMessageOf(error) ?? ACCOUNT_MESSAGES.codeWrong] },
          ]);
      },
    });

  const passkeyInstead = () =>
    addPasskey.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Passkey added' });
        void finish();
      },
      onError: (error) => console.warn('Adding a passkey failed', error),
    });

  const backLink = fromSecurity ? (
    <Link to={SECURITY_PATH}>Back to Security</Link>
  ) : (
    <Button
      type="link"
      onClick={() => {
        // A session owing a code goes back to its code; one owing the setup would come back here.
        if (step?.mfa !== 'required') cancelPendingSignIn();
        navigate('/login');
      }}
    >
      {ACCOUNT_TEXT.back}
    </Button>
  );

  if (codes)
    return (
      <AccountCard title={TITLE} wide>
        <RecoveryCodesPanel
          codes={codes}
          account={user?.username ?? null}
          onDone={() => void finish()}
          busy={finishing}
        />
      </AccountCard>
    );

  return (
    <AccountCard title={TITLE} wide>
      {step?.mfa === 'enroll' && (
        <Alert className="login-notice" type="info" title={ACCOUNT_MESSAGES.enrollFirst} />
      )}
      {setup.isError ? (
        <SetupRefused error={setup.error} onRetry={() => setup.mutate()} back={backLink} />
      ) : !setup.data ? (
        <div role="status">
          <Typography.Paragraph type="secondary">Preparing your code...</Typography.Paragraph>
          <Skeleton.Node active className="setup-qr-placeholder" />
        </div>
      ) : (
        <TotpSteps
          setup={setup.data}
          form={form}
          onConfirm={onConfirm}
          confirming={confirm.isPending}
          expired={
            confirm.error instanceof ApiRequestError && confirm.error.status === 409
              ? (serverMessageOf(confirm.error) ?? ACCOUNT_MESSAGES.setupFirst)
              : null
          }
          onRestart={() => {
            confirm.reset();
            form.resetFields();
            setup.mutate();
          }}
          disabled={addPasskey.isPending}
        />
      )}
      {passkeysSupported() &&
        !(setup.error instanceof ApiRequestError && setup.error.status === 401) && (
          <>
            <Divider plain>or</Divider>
            <Button
              block
              loading={addPasskey.isPending}
              disabled={confirm.isPending || finishing}
              onClick={passkeyInstead}
            >
              Use a passkey instead
            </Button>
            {addPasskey.isError && (
              <Alert
                className="second-step-alert"
                type="warning"
                role="alert"
                title={passkeyFailure(addPasskey.error, 'add')}
              />
            )}
          </>
        )}
      <div className="second-step-links">{backLink}</div>
    </AccountCard>
  );
}

/** The QR code, the key for typing by hand, and the first code. */
function TotpSteps({
  setup,
  form,
  onConfirm,
  confirming,
  expired,
  onRestart,
  disabled,
}: {
  setup: TotpSetup;
  form: FormInstance<CodeValues>;
  onConfirm: (values: CodeValues) => void;
  confirming: boolean;
  /** The setup is gone on the server: start again for a new QR code. */
  expired: string | null;
  onRestart: () => void;
  disabled: boolean;
}) {
  return (
    <ol className="setup-steps">
      <li>
        <Typography.Paragraph>
          Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...)
          and scan this QR code.
        </Typography.Paragraph>
        <QrCode
          text={setup.otpauthUrl}
          label="QR code for your authenticator app"
          className="setup-qr"
        />
        <Typography.Paragraph className="setup-secret">
          Can&apos;t scan it? Enter this key instead:{' '}
          <Typography.Text code copyable={{ text: setup.secret }}>
            {groupSecret(setup.secret)}
          </Typography.Text>
        </Typography.Paragraph>
      </li>
      <li>
        <Typography.Paragraph>Enter the 6-digit code the app shows.</Typography.Paragraph>
        {expired ? (
          <Alert
            type="warning"
            role="alert"
            title={expired}
            action={<Button onClick={onRestart}>Start again</Button>}
          />
        ) : (
          <Form<CodeValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={onConfirm}
            initialValues={{ code: '' }}
            disabled={disabled}
          >
            <Form.Item
              label={ACCOUNT_TEXT.codeLabel}
              name="code"
              normalize={(value) => digitsOnly(value)}
              rules={[zodRule(totpConfirmSchema, 'code')]}
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                size="large"
                className="code-input"
                spellCheck={false}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={confirming}>
              {confirming ? 'Confirming...' : 'Confirm'}
            </Button>
          </Form>
        )}
      </li>
    </ol>
  );
}

/** The setup could not start: not signed in, already set up, or another failure. */
function SetupRefused({
  error,
  onRetry,
  back,
}: {
  error: Error;
  onRetry: () => void;
  back: ReactNode;
}) {
  const status = error instanceof ApiRequestError ? error.status : null;
  if (status === 401)
    return (
      <Alert
        type="warning"
        role="alert"
        title="Sign in first."
        description="Your sign-in has ended, or you have not signed in on this device."
        action={<Link to="/login">Sign in</Link>}
      />
    );
  if (status === 409 || (error instanceof ApiRequestError && error.code === ERROR_CODES.conflict))
    return (
      <Alert
        type="info"
        role="status"
        title={serverMessageOf(error) ?? ACCOUNT_MESSAGES.totpAlready}
        action={back}
      />
    );
  return (
    <Alert
      type="error"
      role="alert"
      title={`Could not start the setup. ${serverMessageOf(error) ?? error.message}`}
      action={<Button onClick={onRetry}>Retry</Button>}
    />
  );
}
