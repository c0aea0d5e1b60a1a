import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { loginInputSchema } from '../../../../../contracts/admin-auth';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { saveAdminSession } from '../../../lib/admin-session';
import { postLogin } from '../api/admin-auth-api';
import { useCaptcha } from '../use-captcha';
import { CaptchaField } from './captcha-field';
import { AuthShell, SubmitButton, TextField } from './form-controls';
import { TotpLoginStep } from './totp-login-step';

/**
 * docs/product.md §2/§5: username, password, numeric captcha answer, and the Forgot Password link;
 * then the code step when two-factor sign-in is on.
 */
export function LoginForm() {
  const { captcha, answer, setAnswer, loading, reload } = useCaptcha();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // docs/product.md §5: with no captcha loaded, the submit button loads one first.
    if (!captcha) {
      await reload();
      return;
    }
    const parsed = loginInputSchema.safeParse({
      username,
      password,
      captchaId: captcha.id,
      captchaAnswer: Number(answer),
    });
    if (!parsed.success || answer.trim() === '') {
      toast({
        title: parsed.success
          ? 'Enter the captcha answer as a number'
          : (parsed.error.issues[0]?.message ?? 'Check the form'),
        variant: 'error',
      });
      return;
    }
    setBusy(true);
    try {
      const res = await postLogin(parsed.data);
      if ('totpRequired' in res) {
        setPassword('');
        setChallenge(res.challenge);
      } else {
        saveAdminSession(res);
      }
    } catch (err) {
      toast({ title: errorMessage(err, 'Login failed'), variant: 'error' });
      setPassword('');
      await reload();
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    const restart = () => {
      setChallenge(null);
      void reload();
    };
    return <TotpLoginStep challenge={challenge} onRestart={restart} />;
  }

  return (
    <AuthShell title="Admin Login" subtitle="Sign in to run and schedule the clan's scripts.">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextField
          id="username"
          label="Username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <CaptchaField
          captcha={captcha}
          loading={loading}
          answer={answer}
          onAnswer={setAnswer}
          onReload={() => void reload()}
        />
        <SubmitButton busy={busy}>{captcha ? 'Log In' : 'Load Captcha'}</SubmitButton>
        <Link
          href="/forgot-password"
          className="justify-self-center rounded text-sm font-medium text-gold-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-gold-300"
        >
          Forgot Password?
        </Link>
      </form>
    </AuthShell>
  );
}
