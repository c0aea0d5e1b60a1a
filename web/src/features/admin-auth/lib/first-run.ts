import { GENERATED_PASSWORD_LOG_TEXT } from '#contracts/setup-status';

/** The log line the first start prints (server/src/modules/auth/bootstrap-admin.ts), secret elided. */
export const GENERATED_PASSWORD_LINE =
  `Created the admin account "admin" ${GENERATED_PASSWORD_LOG_TEXT}: ` +
  `… (shown only this once: log in at /admin and change it)`;

export interface DeployPath {
  name: string;
  /** the command that prints the line from that path's log */
  find: string;
  /** the command that sets a new password when the line is lost */
  reset: string;
}

const grep = `grep "${GENERATED_PASSWORD_LOG_TEXT}"`;

/** One entry per way docs/deploy.md runs ClanOps, with the names used there. */
export const DEPLOY_PATHS: DeployPath[] = [
  {
    name: 'Docker',
    find: `docker logs clanops 2>&1 | ${grep}`,
    reset: 'docker exec clanops node dist/server/cli/reset-password.js',
  },
  {
    name: 'Podman',
    find: `podman logs clanops 2>&1 | ${grep}`,
    reset: 'podman exec clanops node dist/server/cli/reset-password.js',
  },
  {
    name: 'Compose',
    find: `docker compose -f deploy/compose.yaml logs clanops | ${grep}`,
    reset: 'docker compose -f deploy/compose.yaml exec clanops node dist/server/cli/reset-password.js',
  },
  {
    name: 'systemd',
    find: `sudo journalctl -u clanops | ${grep}`,
    reset: 'see "systemd on a VPS" in docs/deploy.md (reset-password.js as the service user)',
  },
  {
    name: 'npm start',
    find: 'the terminal that runs npm start shows it among the first lines',
    reset: 'npm run admin:reset-password',
  },
];
