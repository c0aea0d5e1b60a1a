import { useRef, useState } from 'react';
import { Castle, Plus } from 'lucide-react';
import type { FamilyClan } from '#contracts/admin-family';
import { errorText } from '#web/lib/api-error';
import { ConfirmDialog } from '#web/ui/confirm-dialog';
import { Banner, Panel } from '#web/ui/panel';
import { toast } from '#web/ui/toaster';
import { useFamily, useRemoveClanMutation } from '../api/family-api';
import { clanLabel, familyCount, inFamilyOrder } from '../lib/family-view';
import { AddClanForm } from './add-clan-form';
import { ClanRow } from './clan-row';

/** The Family tab: the clans run from this ClanOps, adding and removing them (docs/decisions/100-clan-family-data-model.md). */
export function FamilyTab() {
  const family = useFamily();
  const remove = useRemoveClanMutation();
  const [removing, setRemoving] = useState<FamilyClan | null>(null);
  const countRef = useRef<HTMLParagraphElement>(null);
  /** after a removal its row is gone: focus goes to the count instead of back to the row's button */
  const removed = useRef(false);
  const clans = inFamilyOrder(family.data?.clans ?? []);
  const max = family.data?.max ?? 10;
  const close = () => {
    setRemoving(null);
    remove.reset();
  };
  const confirm = (clan: FamilyClan) =>
    remove.mutate(clan.tag, {
      onSuccess: () => {
        removed.current = true;
        setRemoving(null);
        toast({ title: `${clan.tag} left the family`, variant: 'success' });
      },
    });
  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h2 className="font-display text-xl font-black text-white">Clan family</h2>
        <p className="text-sm text-slate-300">
          ClanOps polls every clan listed here and runs its scripts for each. The main clan is CLAN_TAG from the
          configuration.
        </p>
      </div>
      <Panel
        title="Clans"
        icon={Castle}
        labelId="family-clans"
        action={
          family.data ? (
            <p ref={countRef} tabIndex={-1} className="rounded text-sm font-semibold text-slate-300 focus-ring">
              {familyCount(clans.length, max)}
            </p>
          ) : null
        }
      >
        <p className="mb-2 text-sm text-slate-400">
          Removing a clan stops its polling but keeps its history; adding the same tag again brings it back with that
          history.
        </p>
        {family.isPending ? <p className="text-sm text-slate-400">Loading the family…</p> : null}
        {family.isError ? <Banner kind="error">{errorText(family.error, 'Failed to load the family')}</Banner> : null}
        <ol aria-label="Clans of the family">
          {clans.map((clan) => (
            <ClanRow key={clan.tag} clan={clan} onRemove={setRemoving} />
          ))}
        </ol>
      </Panel>
      <Panel title="Add a clan" icon={Plus} labelId="family-add">
        <AddClanForm tags={clans.map((c) => c.tag)} full={clans.length >= max} />
      </Panel>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ? clanLabel(removing) : 'the clan'}?`}
        confirmLabel="Remove clan"
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error, 'Failed to remove the clan') : null}
        onConfirm={() => (removing ? confirm(removing) : undefined)}
        onCancel={close}
        onClosed={() => {
          if (removed.current) countRef.current?.focus();
          removed.current = false;
        }}
      >
        <p>ClanOps stops polling it and running its scripts.</p>
        <p>Its members, wars and reports are kept: add the same tag again to bring the clan back with its history.</p>
      </ConfirmDialog>
    </div>
  );
}
