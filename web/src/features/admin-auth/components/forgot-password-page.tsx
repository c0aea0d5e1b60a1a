import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { forgotPasswordInputSchema } from '#contracts/admin-auth';
import { toast } from '#web/ui/toaster';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { useForgotPasswordMutation } from '../api/login-mutations';
import { CAPTCHA_ANSWER_MESSAGES, captchaAnswerValue } from '../lib/form-schemas';
import { useCaptcha } from '../use-captcha';
import { CaptchaField } from './captcha-field';
import { AuthShell, Banner, SubmitButton, TextField } from './form-controls';

const backLinkClass =
  'inline-flex items-center gap-1.5 justify-self-center rounded text-sm font-medium text-gold-300 underline-offset-4 hover:underline focus-ring-tight';

/** docs/product.md §4: form, then success message, then back to login. */
export function ForgotPasswordPage() {
  const { captcha, answer, setAnswer, loading, reload } = useCaptcha('/api/admin/captcha');
  const forgot = useForgotPasswordMutation();
  const [email, setEmail] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!captcha) {
      void reload();
      return;
    }
    const values = { email, captchaId: captcha.id, captchaAnswer: captchaAnswerValue(answer) };
    const check = checkForm(forgotPasswordInputSchema, values, CAPTCHA_ANSWER_MESSAGES);
    if (!check.ok) {
      toast({ title: check.message, variant: 'error' });
      return;
    }
    forgot.mutate(check.data, {
      onError: (err) => {
        toast({ title: errorText(err, 'Failed to send the reset link'), variant: 'error' });
        void reload();
      },
    });
  };

  if (forgot.isSuccess) {
    return (
      <AuthShell title="Check Your Email">
        <div className="grid gap-5">
          <Banner kind="success">{forgot.data.message}</Banner>
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
        <SubmitButton busy={forgot.isPending}>Send Reset Link</SubmitButton>
        <Link href="/admin" className={backLinkClass}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Login
        </Link>
      </form>
    </AuthShell>
  );
}
