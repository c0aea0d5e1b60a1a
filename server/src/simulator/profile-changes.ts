/**
 * Test control: a player's name or role changed in the game (a rename, a promotion or demotion), from an instant on.
 * Every clan's member list shows the change; the list of changes is the simulator's ledger of them.
 */
export interface SimProfileChange {
  playerTag: string;
  at: Date;
  name?: string;
  role?: 'member' | 'elder' | 'coLeader' | 'leader';
}

export class ProfileChanges {
  readonly ledger: SimProfileChange[] = [];

  add(change: SimProfileChange): void {
    this.ledger.push(change);
    this.ledger.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** The player's name and role at `t`, after every change up to it. */
  apply<T extends { tag: string; name: string; role: string }>(p: T, t: number): { name: string; role: string } {
    let { name, role } = p;
    for (const c of this.ledger)
      if (c.playerTag === p.tag && c.at.getTime() <= t) {
        name = c.name ?? name;
        role = c.role ?? role;
      }
    return { name, role };
  }
}
