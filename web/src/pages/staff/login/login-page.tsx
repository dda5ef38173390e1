import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginRequestSchema } from '@cincy/contracts';
import { BatteryMark } from '../../../components/battery-mark';
import { toast } from '../../../components/toast';
import { useLogin } from '../../../hooks/use-login';

type FieldErrors = Partial<Record<'username' | 'password', string>>;

/** Plain React on purpose: /login stays as light as the public pages. */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

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
    const ok = await login.mutateAsync(parsed.data);
    if (ok) {
      toast({ title: 'Login Successful', description: 'Welcome back!' });
      navigate('/dispatch');
    } else {
      toast({
        title: 'Login Failed',
        description: 'Invalid username or password.',
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
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <div className="field">
            <label htmlFor="login-username">Username</label>
            <input
              id="login-username"
              name="username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              aria-required="true"
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'login-username-error' : undefined}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            {errors.username && (
              <p id="login-username-error" className="field-error">
                {errors.username}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-required="true"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'login-password-error' : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {errors.password && (
              <p id="login-password-error" className="field-error">
                {errors.password}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </button>
        </form>
      </div>
    </main>
  );
}
