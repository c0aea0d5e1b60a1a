import { errorText } from '#web/lib/api-error';
import { Banner } from '#web/ui/banner';
import { GhostButton } from '#web/ui/panel';
import { useRegisterCommandsMutation } from '../api/scripts-mutations';

const FAILED = 'The Discord commands could not be registered. Try again in a minute.';

/**
 * The slash commands are registered at every start; after Discord refused them (a wrong token, an outage) this
 * registers them again without a restart (docs/discord.md).
 */
export function RegisterCommands() {
  const register = useRegisterCommandsMutation();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <GhostButton onClick={() => register.mutate()} disabled={register.isPending}>
        {register.isPending ? 'Registering the Discord commands…' : 'Register the Discord commands again'}
      </GhostButton>
      <p role="status" className="text-xs text-slate-300">
        {register.isSuccess
          ? `Registered ${register.data.commands} commands ${register.data.scope === 'guild' ? 'on your server' : 'globally'}.`
          : ''}
      </p>
      {register.isError ? <Banner kind="error">{errorText(register.error, FAILED)}</Banner> : null}
    </div>
  );
}
