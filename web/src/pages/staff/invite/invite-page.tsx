import { Alert, Button, Form, Input, Result, Skeleton, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  ACCOUNT_MESSAGES,
  USER_MESSAGES,
  accountLinkTokenSchema,
  invitationAcceptSchema,
  type Invitation,
} from '@cincy/contracts';
import { ApiRequestError, fieldErrorsOf, serverMessageOf } from '../../../api/request';
import { invitedAsText, invitedWhoText } from '../../../features/account/account.util';
import { NewPasswordFields } from '../../../features/account/new-password-fields';
import { useAcceptInvitation, useInvitation } from '../../../hooks/use-invitation';
import { showServerErrors, zodRule } from '../../../lib/zod-form';
import { AccountCard } from '../account-card';

const TITLE = 'Join Cincy Battery';

interface InviteValues {
  username: string;
  password: string;
  confirmPassword: string;
}

/** The link is not valid any more (used, expired, or never was): ask an admin for a new one. */
function InvitationInvalid() {
  return (
    <Result
      status="warning"
      title={ACCOUNT_MESSAGES.invitationInvalid}
      extra={
        <Link to="/login" className="account-link">
          Go to sign in
        </Link>
      }
    />
  );
}

/**
 * An invitation's link (/invite/:token): the invited person chooses a username and password, and
 * their account exists. Before any sign-in, without the staff navigation.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const wellFormed = accountLinkTokenSchema.safeParse(token).success;
  return (
    <AccountCard title={TITLE}>
      {wellFormed ? <InviteForm token={token} /> : <InvitationInvalid />}
    </AccountCard>
  );
}

function InviteForm({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();

  if (invitation.isPending)
    return (
      <div role="status">
        <Typography.Paragraph type="secondary">Checking your invitation...</Typography.Paragraph>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  if (invitation.isError) {
    const status = invitation.error instanceof ApiRequestError ? invitation.error.status : null;
    if (status === 404 || status === 410) return <InvitationInvalid />;
    return (
      <Alert
        type="error"
        role="alert"
        title={`Could not read the invitation. ${serverMessageOf(invitation.error) ?? invitation.error.message}`}
        action={<Button onClick={() => void invitation.refetch()}>Retry</Button>}
      />
    );
  }
  if (accept.isSuccess)
    return (
      <Result
        status="success"
        title="Your account is ready"
        subTitle={`Sign in with the username ${accept.variables.username}.`}
        extra={
          <Button type="primary" size="large" onClick={() => navigate('/login')}>
            Sign in
          </Button>
        }
      />
    );
  if (accept.error instanceof ApiRequestError && accept.error.status === 404)
    return <InvitationInvalid />;
  return <AcceptForm invitation={invitation.data} accept={accept} />;
}

function AcceptForm({
  invitation,
  accept,
}: {
  invitation: Invitation;
  accept: ReturnType<typeof useAcceptInvitation>;
}) {
  const [form] = Form.useForm<InviteValues>();
  const onFinish = ({ username, password }: InviteValues) =>
    accept.mutate(
      { username: username.trim(), password },
      {
        onError: (error) => {
          console.warn('Accepting the invitation failed', error);
          if (showServerErrors(form, fieldErrorsOf(error))) return;
          const message = serverMessageOf(error);
          if (error instanceof ApiRequestError && error.status === 409)
            form.setFields([
              { name: 'username', errors: [message ?? USER_MESSAGES.usernameTaken] },
            ]);
          else if (error instanceof ApiRequestError && error.status === 400 && message)
            form.setFields([{ name: 'password', errors: [message] }]);
        },
      },
    );
  const refused =
    accept.isError &&
    !(accept.error instanceof ApiRequestError && [400, 404, 409].includes(accept.error.status));

  return (
    <>
      <Typography.Title level={2} className="account-subtitle">
        {invitedAsText(invitation)}
      </Typography.Title>
      <Typography.Paragraph>{invitedWhoText(invitation)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Choose the username and password you will sign in with.
      </Typography.Paragraph>
      <Form<InviteValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={accept.isPending}
        aria-busy={accept.isPending}
        initialValues={{ username: '', password: '', confirmPassword: '' }}
        scrollToFirstError={{ focus: true }}
      >
        <Form.Item
          label="Username"
          name="username"
          rules={[zodRule(invitationAcceptSchema, 'username')]}
        >
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus />
        </Form.Item>
        <NewPasswordFields schema={invitationAcceptSchema} label="Password" />
        {refused && (
          <Alert
            className="login-notice"
            type="error"
            role="alert"
            title={serverMessageOf(accept.error) ?? 'Could not create your account. Try again.'}
          />
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={accept.isPending}>
          {accept.isPending ? 'Creating your account...' : 'Create account'}
        </Button>
      </Form>
    </>
  );
}
