import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { forgotPasswordInputSchema } from '../../../../../contracts/admin-auth';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { postForgotPassword } from '../api/admin-auth-api';
import { useCaptcha } from '../use-captcha';
import { CaptchaField } from './captcha-field';
import { AuthShell, Banner, SubmitButton, TextField } from './form-controls';

const backLinkClass =
  'inline-flex items-center gap-1.5 justify-self-center rounded text-sm font-medium text-gold-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-gold-300';

/** docs/product.md §4: form, then success message, then back to login. */
export function ForgotPasswordPage() {
  const { captcha, answer, setAnswer, loading, reload } = useCaptcha();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!captcha) {
      await reload();
      return;
    }
    const parsed = forgotPasswordInputSchema.safeParse({ email, captchaId: captcha.id, captchaAnswer: Number(answer) });
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
      setSent((await postForgotPassword(parsed.data)).message);
    } catch (err) {
      toast({ title: errorMessage(err, 'Failed to send the reset link'), variant: 'error' });
      await reload();
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <AuthShell title="Check Your Email">
        <div className="grid gap-5">
          <Banner kind="success">{sent}</Banner>
          <Link href="/admin" className={backLinkClass}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to Login
          </Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Forgot Password"
      subtitle="Enter the recovery email of the admin account. We will send a link to choose a new password."
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextField
          id="email"
          label="Recovery email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <CaptchaField
          captcha={captcha}
          loading={loading}
          answer={answer}
          onAnswer={setAnswer}
          onReload={() => void reload()}
        />
        <SubmitButton busy={busy}>Send Reset Link</SubmitButton>
        <Link href="/admin" className={backLinkClass}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Login
        </Link>
      </form>
    </AuthShell>
  );
}
