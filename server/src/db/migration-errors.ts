/** A migration that failed, with the driver's error as its cause and its code kept (ECONNREFUSED, 57P03…). */
export class MigrationFailed extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super(`Database migration failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** A database a newer version migrated: this version cannot use it, and waiting will not change that. */
export class NewerDatabase extends Error {
  readonly code = 'DB_NEWER_THAN_APP';
}

export function newerDatabase(
  unknown: string[],
  migratedBy: string | null,
  running: string | undefined,
): NewerDatabase {
  const by = migratedBy ? `ClanOps ${migratedBy}` : 'a newer ClanOps';
  const self = running ? `this version (${running})` : 'this version';
  return new NewerDatabase(
    `This database was upgraded by ${by} (migration ${unknown.join(', ')}), which ${self} cannot read. ` +
      'Restore the backup taken before the upgrade (docs/deploy.md, "Upgrades and rollback"; with SQLite the ' +
      `automatic one is DATA_DIR/backups/clanops-before-${migratedBy ?? '<version>'}-….sqlite), ` +
      `or run ${migratedBy ? `${migratedBy} or newer` : 'the newer version'} again.`,
  );
}
