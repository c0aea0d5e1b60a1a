import { useState, type FormEvent } from 'react';
import { FieldError } from '#web/ui/field-error';
import { addFamilyClanInputSchema } from '#contracts/admin-family';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { GoldButton, inputClass } from '#web/ui/panel';
import { toast } from '#web/ui/toaster';
import { useAddClanMutation } from '../api/family-api';

const FIELD = 'family-tag';

/** "Add a clan": the tag as the leader types it; the server normalises it and words every refusal. */
export function AddClanForm({ tags, full }: { tags: readonly string[]; full: boolean }) {
  const add = useAddClanMutation();
  const [tag, setTag] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(
      addFamilyClanInputSchema,
      { tag: tag.trim() },
      { tag: 'Type the clan tag, e.g. #2PQ8L0C.' },
    );
    setProblem(check.ok ? null : check.message);
    if (!check.ok) return add.reset();
    add.mutate(check.data.tag, {
      onSuccess: (family) => {
        setTag('');
        const added = family.clans.find((c) => !tags.includes(c.tag));
        toast({ title: `${added?.tag ?? 'The clan'} joined the family`, variant: 'success' });
      },
    });
  };
  const error = problem ?? (add.isError ? errorText(add.error, 'Failed to add the clan') : null);
  return (
    <form onSubmit={submit} noValidate aria-label="Add a clan" className="grid gap-1.5">
      <label htmlFor={FIELD} className="text-sm font-semibold text-slate-200">
        Clan tag
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={FIELD}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="#ABC123"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${FIELD}-hint ${FIELD}-error` : `${FIELD}-hint`}
          className={`w-48 flex-1 font-mono placeholder:text-slate-500 ${inputClass}`}
        />
        <GoldButton type="submit" busy={add.isPending}>
          Add clan
        </GoldButton>
      </div>
      <p id={`${FIELD}-hint`} className="text-xs text-slate-400">
        #ABC123 — any case, with or without #.
        {full ? ' The family is full: remove a clan before adding another.' : ''}
      </p>
      {error ? <FieldError id={`${FIELD}-error`} message={error} /> : null}
    </form>
  );
}
