import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { loginInputSchema } from '#contracts/admin-auth';
import { toast } from '#web/ui/toaster';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { useLoginMutation } from '../api/login-mutations';
import { setupStatusQuery } from '../api/setup-status-query';
import { CAPTCHA_ANSWER_MESSAGES, captchaAnswerValue } from '../lib/form-schemas';
import { useCaptcha } from '../use-captcha';
import { CaptchaField } from './captcha-field';
import { FirstRunNotice } from './first-run-notice';
import { AuthShell, SubmitButton, TextField } from './form-controls';
import { TotpLoginStep } from './totp-login-step';

/**
 * docs/product.md §2/§5: username, password, numeric captcha answer, and the Forgot Password link;
 * then the code step when two-factor sign-in is on.
 */
export function LoginForm() {
  const { captcha, answer, setAnswer, loading, reload } = useCaptcha('/api/admin/login/captcha');
  const login = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const firstRun = useQuery(setupStatusQuery).data?.firstRun === true;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // docs/product.md §5: with no captcha loaded, the submit button loads one first.
    if (!captcha) {
      void reload();
      return;
    }
    const values = { username, password, captchaId: captcha.id, captchaAnswer: captchaAnswerValue(answer) };
    const check = checkForm(loginInputSchema, values, CAPTCHA_ANSWER_MESSAGES);
    if (!check.ok) {
      toast({ title: check.message, variant: 'error' });
      return;
    }
    login.mutate(check.data, {
      onSuccess: (res) => {
        if (!('totpRequired' in res)) return;
        setPassword('');
        setChallenge(res.challenge);
      },
      onError: (err) => {
        toast({ title: errorText(err, 'Login failed'), variant: 'error' });
        setPassword('');
        void reload();
      },
    });
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
      {firstRun ? <FirstRunNotice /> : null}
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
        <SubmitButton busy={login.isPending}>{captcha ? 'Log In' : 'Load Captcha'}</SubmitButton>
        <Link
          href="/forgot-password"
          className="justify-self-center rounded text-sm font-medium text-gold-300 underline-offset-4 hover:underline focus-ring-tight"
        >
          Forgot Password?
        </Link>
      </form>
    </AuthShell>
  );
}
