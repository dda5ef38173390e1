import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { loginRequestSchema } from '@cincy/contracts';
import { BatteryMark } from '../../../components/battery-mark';
import { toast } from '../../../components/toast';
import { useSessionEndedByServer } from '../../../hooks/use-auth';
import { useLogin } from '../../../hooks/use-login';
import { authStore } from '../../../lib/auth-store';
import { FIELD_APP_URL, usesFieldApp } from '../../../lib/field-app';
import { zodRule } from '../../../lib/zod-form';
import '../staff.css';

interface LoginValues {
  username: string;
  password: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [form] = Form.useForm<LoginValues>();
  const sessionEnded = useSessionEndedByServer();

  const onFinish = async (values: LoginValues) => {
    const failure = await login.mutateAsync(loginRequestSchema.parse(values));
    if (failure) {
      toast({ title: 'Login Failed', description: failure, variant: 'destructive' });
      return;
    }
    // A technician works from the field app: a full page load, it is another app.
    if (usesFieldApp(authStore.getState().currentUser)) {
      window.location.assign(FIELD_APP_URL);
      return;
    }
    toast({ title: 'Login Successful', description: 'Welcome back!' });
    navigate('/dispatch');
  };

  const busy = login.isPending;

  return (
    <main className="page login-page">
      <title>Admin Login | Cincy Battery</title>
      <Card className="login-card">
        <div className="login-brand">
          <BatteryMark />
          <span>Cincy Battery</span>
        </div>
        <Typography.Title level={1} className="login-title">
          Admin Login
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Staff sign-in for dispatch and the back office.
        </Typography.Paragraph>
        {sessionEnded && (
          <Alert
            className="login-notice"
            type="info"
            role="status"
            title="Your session has ended. Please log in again."
          />
        )}
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
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
