import { Alert, Button, Form, Result } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES, accountLinkTokenSchema, passwordResetSchema } from '@cincy/contracts';
import { ApiRequestError, fieldErrorsOf, serverMessageOf } from '../../../api/request';
import { NewPasswordFields } from '../../../features/account/new-password-fields';
import { useResetPassword } from '../../../hooks/use-password-reset';
import { showServerErrors } from '../../../lib/zod-form';
import { AccountCard } from '../account-card';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

const TITLE = 'Choose a new password';

/** The link is not valid any more (used, an hour old, or never was): ask for a new one. */
function ResetInvalid() {
  return (
    <Result
      status="warning"
      title={ACCOUNT_MESSAGES.resetInvalid}
      extra={
        <Link to="/forgot-password" className="account-link">
          Ask for a new link
        </Link>
      }
    />
  );
}

/** A password reset's link (/reset-password/:token): a new password, then sign in with it. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const wellFormed = accountLinkTokenSchema.safeParse(token).success;
  return (
    <AccountCard title={TITLE}>
      {wellFormed ? <ResetForm token={token} /> : <ResetInvalid />}
    </AccountCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const reset = useResetPassword(token);
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();

  if (reset.isSuccess)
    return (
      <Result
        status="success"
        title="Your password was changed"
        subTitle={reset.data?.message || 'Sign in with your new password.'}
        extra={
          <Button type="primary" size="large" onClick={() => navigate('/login')}>
            Sign in
          </Button>
        }
      />
    );
  if (reset.error instanceof ApiRequestError && reset.error.status === 404) return <ResetInvalid />;

  const onFinish = ({ password }: ResetValues) =>
    reset.mutate(password, {
      onError: (error) => {
        console.warn('The password reset failed', error);
        if (showServerErrors(form, fieldErrorsOf(error))) return;
        const message = serverMessageOf(error);
        if (error instanceof ApiRequestError && error.status === 400 && message)
          form.setFields([{ name: 'password', errors: [message] }]);
      },
    });
  const refused =
    reset.isError && !(reset.error instanceof ApiRequestError && reset.error.status === 400);

  return (
    <Form<ResetValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      disabled={reset.isPending}
      aria-busy={reset.isPending}
      initialValues={{ password: '', confirmPassword: '' }}
    >
      <NewPasswordFields schema={passwordResetSchema} autoFocus />
      {refused && (
        <Alert
          className="login-notice"
          type="error"
          role="alert"
          title={
            reset.error instanceof ApiRequestError
              ? (serverMessageOf(reset.error) ?? 'Could not change the password. Try again.')
              : 'We could not reach the server. Check your connection and try again.'
          }
        />
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Save the new password'}
      </Button>
    </Form>
  );
}
