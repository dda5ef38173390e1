import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginRequestSchema } from '@cincy/contracts';
import { BatteryMark } from '../../../components/battery-mark';
import { TextField } from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { useSessionEndedByServer } from '../../../hooks/use-auth';
import { useLogin } from '../../../hooks/use-login';
import '../staff.css';

type FieldErrors = Partial<Record<'username' | 'password', string>>;

/** Plain React on purpose: /login stays as light as the public pages. */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const sessionEnded = useSessionEndedByServer();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = loginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !next[field])
          next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const failure = await login.mutateAsync(parsed.data);
    if (!failure) {
      toast({ title: 'Login Successful', description: 'Welcome back!' });
      navigate('/dispatch');
    } else {
      toast({
        title: 'Login Failed',
        description: failure,
        variant: 'destructive',
      });
    }
  };

  const busy = login.isPending;

  return (
    <main className="page login-page">
      <title>Admin Login | Cincy Battery</title>
      <div className="card login-card">
        <div className="login-brand">
          <BatteryMark />
          <span>Cincy Battery</span>
        </div>
        <h1>Admin Login</h1>
        <p className="muted">Staff sign-in for dispatch and the back office.</p>
        {sessionEnded && (
          <p className="banner banner-info login-notice" role="status">
            Your session has ended. Please log in again.
          </p>
        )}
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <TextField
            id="login-username"
            name="username"
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={setUsername}
            error={errors.username}
          />
          <TextField
            id="login-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={setPassword}
            error={errors.password}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </button>
        </form>
      </div>
    </main>
  );
}
