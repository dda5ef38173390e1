import { Alert, Button, Form, Input, Result } from 'antd';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES, LOGIN_FAILURE, passwordResetRequestSchema } from '@cincy/contracts';
import { ApiRequestError, serverMessageOf } from '../../../api/request';
import { useRequestPasswordReset } from '../../../hooks/use-password-reset';
import { zodRule } from '../../../lib/zod-form';
import { AccountCard } from '../account-card';

interface ForgotValues {
  login: string;
}

/** What to say when the request did not go: the throttle, the server's words, or no signal. */
function refusalText(error: unknown): string {
  if (!(error instanceof ApiRequestError))
    return 'We could not reach the server. Check your connection and try again.';
  if (error.status === 429) return serverMessageOf(error) ?? LOGIN_FAILURE.throttled;
  return serverMessageOf(error) ?? 'Something went wrong. Try again.';
}

/**
 * "Forgot password?": a link to choose a new password goes to the account's email. The answer is
 * the same whether or not such an account exists (nobody learns which accounts there are).
 */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [form] = Form.useForm<ForgotValues>();

  return (
    <AccountCard
      title="Forgot password"
      intro={
        request.isSuccess
          ? undefined
          : 'Enter the email or username of your account: we will email you a link to choose a new password.'
      }
    >
      {request.isSuccess ? (
        <Result
          status="info"
          title="Check your email"
          subTitle={request.data?.message || ACCOUNT_MESSAGES.resetSent}
          extra={
            <Link to="/login" className="account-link">
              Back to sign in
            </Link>
          }
        />
      ) : (
        <>
          <Form<ForgotValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={({ login }) => request.mutate(login.trim())}
            disabled={request.isPending}
            aria-busy={request.isPending}
            initialValues={{ login: '' }}
          >
            <Form.Item
              label="Email or username"
              name="login"
              rules={[zodRule(passwordResetRequestSchema, 'login')]}
            >
              <Input autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus />
            </Form.Item>
            {request.isError && (
              <Alert
                className="login-notice"
                type="error"
                role="alert"
                title={refusalText(request.error)}
              />
            )}
            <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send the link'}
            </Button>
          </Form>
          <div className="second-step-links">
            <Link to="/login">Back to sign in</Link>
          </div>
        </>
      )}
    </AccountCard>
  );
}
