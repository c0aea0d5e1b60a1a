import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { errorText } from '#web/lib/api-error';
import { useConfirmEmailMutation } from '../api/login-mutations';
import { useLinkToken } from '../use-link-token';
import { AuthShell, Banner, SubmitButton } from './form-controls';

const linkClass =
  'inline-flex items-center justify-center gap-2 justify-self-center rounded text-sm ' +
  'font-medium text-gold-300 underline-offset-4 hover:underline focus-ring-tight';

/**
 * /admin/confirm-email?token=… (SEC-MAIL-01, docs/decisions/014-recovery-email-confirmation.md):
 * a deliberate click confirms the address, so a mail scanner opening the link changes nothing.
 */
export function ConfirmEmailPage() {
  const token = useLinkToken();
  const confirm = useConfirmEmailMutation();
  const outcome = confirm.isSuccess
    ? { kind: 'success' as const, text: `${confirm.data.message}: reset links now go to ${confirm.data.email}.` }
    : confirm.isError
      ? { kind: 'error' as const, text: errorText(confirm.error, 'Failed to set email') }
      : null;

  const back = (
    <Link href="/admin" className={linkClass}>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Go to the Admin Page
    </Link>
  );

  if (!token) {
    return (
      <AuthShell
        title="Invalid confirmation link"
        subtitle="Open the link from the mail again, or set the address anew."
      >
        <div className="grid gap-4">{back}</div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Confirm Recovery Email"
      subtitle="Confirm that this mailbox should receive the ClanOps admin's password-reset links."
    >
      <div className="grid gap-4">
        {outcome ? <Banner kind={outcome.kind}>{outcome.text}</Banner> : null}
        {outcome?.kind !== 'success' ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              confirm.mutate({ token });
            }}
            className="grid"
          >
            <SubmitButton busy={confirm.isPending}>Confirm Email Address</SubmitButton>
          </form>
        ) : null}
        {back}
      </div>
    </AuthShell>
  );
}
