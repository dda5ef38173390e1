import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useNavigate } from 'react-router-dom';
import {
  ACCOUNT_MESSAGES,
  passkeyRegistrationSchema,
  passwordChangeSchema,
  type AccountSecurity,
  type AccountSession,
  type Passkey,
} from '@cincy/contracts';
import { fieldErrorsOf, serverMessageOf } from '../../../api/request';
import { useConfirmDelete } from '../../../components/confirm-delete';
import { FormDialog } from '../../../components/form-dialog';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import {
  ACCOUNT_TEXT,
  FEW_RECOVERY_CODES,
  hasOtherSessions,
  otherSessionsEndedText,
  passkeyUsedText,
  recoveryCodesLeftText,
  sortSessions,
} from '../../../features/account/account.util';
import {
  useAccountSecurity,
  useAddPasskey,
  useRemovePasskey,
} from '../../../hooks/use-account-security';
import {
  useAccountSessions,
  useEndOtherSessions,
  useEndSession,
} from '../../../hooks/use-account-sessions';
import { formatDate, formatDateTime } from '../../../lib/format';
import { SETUP_TWO_STEP_PATH } from '../../../lib/login-step';
import { passkeyFailure, passkeysSupported } from '../../../lib/passkeys';
import { showServerErrors, zodRule } from '../../../lib/zod-form';
import { NewPasswordFields } from '../../../features/account/new-password-fields';
import { useChangePassword } from '../../../hooks/use-password-reset';
import '../staff.css';

const TITLE = ACCOUNT_TEXT.securityTitle;

/** A card's title as the page's h2 (the card's own title is not a heading). */
const heading = (id: string, text: string) => (
  <span role="heading" aria-level={2} id={id}>
    {text}
  </span>
);

const failedToast = (title: string) => (error: unknown) => {
  console.warn(title, error);
  toast({
    title,
    description: serverMessageOf(error) ?? 'Try again.',
    variant: 'destructive',
  });
};

/**
 * The signed-in person's own sign-in (issue 38): two-step sign-in, passkeys, and where they are
 * signed in, with a way to sign other devices out. For every role.
 */
export function SecurityPage() {
  const security = useAccountSecurity();
  return (
    <main className="page page-narrow">
      <title>{`${TITLE} | Cincy Battery`}</title>
      <PageHeader title={TITLE} subtitle="How you sign in, and where you are signed in." />
      <Flex vertical gap={16}>
        <SecurityCard
          id="two-step-title"
          title={ACCOUNT_TEXT.secondStepTitle}
          query={security}
          render={(data) => <TwoStep security={data} />}
        />
        <SecurityCard
          id="passkeys-title"
          title="Passkeys"
          query={security}
          render={(data) => <Passkeys passkeys={data.passkeys} />}
        />
        <ChangePassword />
        <Sessions />
      </Flex>
    </main>
  );
}

/** A card of the security answer: its loading and error states once for both cards. */
function SecurityCard({
  id,
  title,
  query,
  render,
}: {
  id: string;
  title: string;
  query: ReturnType<typeof useAccountSecurity>;
  render: (security: AccountSecurity) => ReactNode;
}) {
  return (
    <Card title={heading(id, title)} aria-labelledby={id}>
      {query.data ? (
        render(query.data)
      ) : query.isError ? (
        <Alert
          type="error"
          title={`Could not load your sign-in settings. ${serverMessageOf(query.error) ?? query.error.message}`}
          action={<Button onClick={() => void query.refetch()}>Retry</Button>}
        />
      ) : (
        <div role="status">
          <Typography.Text type="secondary">Loading...</Typography.Text>
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </div>
      )}
    </Card>
  );
}

function TwoStep({ security }: { security: AccountSecurity }) {
  const navigate = useNavigate();
  const on = security.totp || security.passkeys.length > 0;
  const few = security.totp && security.recoveryCodesLeft <= FEW_RECOVERY_CODES;
  return (
    <Flex vertical gap={12}>
      <div>
        <Tag color={on ? 'green' : 'default'}>{on ? 'On' : 'Off'}</Tag>
        <Typography.Text>
          {security.totp
            ? 'You enter a code from your authenticator app after your password.'
            : security.passkeys.length
              ? 'You sign in with a passkey. No authenticator app is set up.'
              : 'Only your password protects your account.'}
        </Typography.Text>
      </div>
      {!on && security.required && <Alert type="warning" title={ACCOUNT_MESSAGES.enrollFirst} />}
      {security.totp &&
        (few ? (
          <Alert
            type="warning"
            title={`${recoveryCodesLeftText(security.recoveryCodesLeft)} When they run out, add a passkey so you are not locked out.`}
          />
        ) : (
          <Typography.Text type="secondary">
            {recoveryCodesLeftText(security.recoveryCodesLeft)}
          </Typography.Text>
        ))}
      {!security.totp && (
        <div>
          <Button type="primary" onClick={() => navigate(SETUP_TWO_STEP_PATH)}>
            Set up an authenticator app
          </Button>
        </div>
      )}
    </Flex>
  );
}

interface PasskeyNameValues {
  name: string;
}

/** The passkey's name as the contract limits it. */
const passkeyNameSchema = passkeyRegistrationSchema.pick({ name: true });

function Passkeys({ passkeys }: { passkeys: Passkey[] }) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const confirm = useConfirmDelete();
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<PasskeyNameValues>();
  const supported = passkeysSupported();

  const onAdd = ({ name }: PasskeyNameValues) =>
    add.mutate(name, {
      onSuccess: (passkey) => {
        toast({ title: 'Passkey added', description: passkey.name });
        setNaming(false);
      },
      onError: (error) => {
        console.warn('Adding a passkey failed', error);
        toast({
          title: 'Passkey not added',
          description: passkeyFailure(error, 'add'),
          variant: 'destructive',
        });
      },
    });

  const onRemove = (passkey: Passkey) =>
    confirm({
      title: 'Remove passkey',
      okText: 'Remove',
      content: <p>Remove the passkey &quot;{passkey.name}&quot;? It will no longer sign you in.</p>,
      onConfirm: () =>
        remove
          .mutateAsync(passkey.id)
          .then(() => toast({ title: 'Passkey removed' }), failedToast('Passkey not removed')),
    });

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        A passkey signs you in with your fingerprint, face or screen lock instead of a password and
        a code.
      </Typography.Text>
      <List<Passkey>
        dataSource={passkeys}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No passkeys yet." />,
        }}
        renderItem={(passkey) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                size="small"
                danger
                aria-label={`Remove passkey: ${passkey.name}`}
                onClick={() => onRemove(passkey)}
              >
                Remove
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={passkey.name}
              description={`Added ${formatDate(passkey.createdAt)}. ${passkeyUsedText(passkey)}.`}
            />
          </List.Item>
        )}
      />
      {supported ? (
        <div>
          <Button onClick={() => setNaming(true)}>Add a passkey</Button>
        </div>
      ) : (
        <Typography.Text type="secondary">This browser cannot add passkeys.</Typography.Text>
      )}
      <FormDialog<PasskeyNameValues>
        open={naming}
        title="Add a passkey"
        okText="Continue"
        saving={add.isPending}
        onClose={() => setNaming(false)}
        afterClose={() => add.reset()}
        form={form}
        name="passkey-name"
        initialValues={{ name: '' }}
        onFinish={onAdd}
      >
        <p>Your browser will ask you to confirm with your fingerprint, face or screen lock.</p>
        <Form.Item
          name="name"
          label="Name"
          extra="Optional: which device this is, e.g. Work laptop."
          rules={[zodRule(passkeyNameSchema, 'name')]}
        >
          <Input autoComplete="off" maxLength={60} />
        </Form.Item>
      </FormDialog>
    </Flex>
  );
}

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** One's own new password, with the current one; the other sessions end (this one stays). */
function ChangePassword() {
  const change = useChangePassword();
  const [form] = Form.useForm<PasswordValues>();
  const onFinish = ({ currentPassword, password }: PasswordValues) =>
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: ({ message }) => {
          form.resetFields();
          toast({ title: message || ACCOUNT_MESSAGES.passwordChanged });
        },
        onError: (error) => {
          console.warn('The password change failed', error);
          if (showServerErrors(form, fieldErrorsOf(error))) return;
          failedToast('Password not changed')(error);
        },
      },
    );
  return (
    <Card title={heading('password-title', 'Password')} aria-labelledby="password-title">
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={change.isPending}
        aria-busy={change.isPending}
        initialValues={{ currentPassword: '', password: '', confirmPassword: '' }}
      >
        <Form.Item
          label="Current password"
          name="currentPassword"
          rules={[zodRule(passwordChangeSchema, 'currentPassword')]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields schema={passwordChangeSchema} />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}

function Sessions() {
  const sessions = useAccountSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const confirm = useConfirmDelete();
  const list = sortSessions(sessions.data ?? []);

  const onEndOthers = () =>
    confirm({
      title: 'Sign out everywhere else',
      content: (
        <p>
          Every other device and browser signed in to your account is signed out. This one stays
          signed in.
        </p>
      ),
      okText: 'Sign out',
      onConfirm: () =>
        endOthers
          .mutateAsync()
          .then(
            ({ ended }) => toast({ title: otherSessionsEndedText(ended) }),
            failedToast('Could not sign out the other sessions'),
          ),
    });

  const onEnd = (session: AccountSession) =>
    end.mutate(session.id, {
      onSuccess: () => toast({ title: 'Signed out', description: session.device }),
      onError: failedToast('Could not sign out that session'),
    });

  return (
    <Card
      title={heading('sessions-title', "Where you're signed in")}
      aria-labelledby="sessions-title"
    >
      {sessions.isError && !sessions.data ? (
        <Alert
          type="error"
          title={`Could not load your sessions. ${serverMessageOf(sessions.error) ?? sessions.error.message}`}
          action={<Button onClick={() => void sessions.refetch()}>Retry</Button>}
        />
      ) : (
        <List<AccountSession>
          loading={sessions.isPending}
          dataSource={list}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No sessions found." />
            ),
          }}
          renderItem={(session) => (
            <List.Item
              actions={
                session.current
                  ? []
                  : [
                      <Button
                        key="end"
                        size="small"
                        loading={end.isPending && end.variables === session.id}
                        aria-label={`Sign out: ${session.device}, ${session.place}`}
                        onClick={() => onEnd(session)}
                      >
                        Sign out
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <span>
                    {session.device} {session.current && <Tag color="blue">This device</Tag>}
                  </span>
                }
                description={
                  <>
                    <div>{session.place}</div>
                    <div>
                      Signed in {formatDateTime(session.signedInAt)} · Last seen{' '}
                      {formatDateTime(session.lastSeenAt)}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      {sessions.data && (
        <Button
          className="security-sign-out-others"
          danger
          onClick={onEndOthers}
          disabled={!hasOtherSessions(list)}
          loading={endOthers.isPending}
        >
          Sign out everywhere else
        </Button>
      )}
    </Card>
  );
}
