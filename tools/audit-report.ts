import fs from 'node:fs';

/**
 * Reads the JSON of `npm audit --omit=dev --json` (report format 2, npm 7 and later) and says what
 * CI should do (docs/decisions/057-dependency-audit.md): print a summary always; fail only when a
 * high or critical advisory can be fixed without a major upgrade (`fixAvailable` is `true`, or
 * names a version with `isSemVerMajor: false`), which `npm audit fix` applies. Advisories with no
 * fix, or a fix that needs a major upgrade, are reported. An advisory service that cannot be
 * reached gives a note and no verdict.
 */

type FixAvailable = boolean | { name: string; version: string; isSemVerMajor: boolean };

interface Vulnerability {
  name: string;
  severity: 'info' | 'low' | 'moderate' | 'high' | 'critical';
  fixAvailable: FixAvailable;
}

export interface AuditVerdict {
  lines: string[];
  fail: boolean;
}

const SERIOUS = new Set(['high', 'critical']);

function fixText(fix: FixAvailable): string {
  if (fix === true) return 'fix available: npm audit fix';
  if (fix === false) return 'no fix available yet';
  return fix.isSemVerMajor
    ? `fix needs a major upgrade: ${fix.name}@${fix.version}`
    : `fix available: ${fix.name}@${fix.version} (npm audit fix)`;
}

const fixable = (fix: FixAvailable) => fix === true || (typeof fix === 'object' && !fix.isSemVerMajor);

export function judgeAudit(raw: string): AuditVerdict {
  let report: {
    vulnerabilities?: Record<string, Vulnerability>;
    metadata?: { vulnerabilities?: Record<string, number>; dependencies?: { prod?: number } };
    message?: string;
  };
  try {
    report = JSON.parse(raw) as typeof report;
  } catch {
    return { lines: ['audit: npm audit gave no report (no JSON); nothing checked'], fail: false };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts || !report.vulnerabilities) {
    const why = report.message ?? 'no vulnerability data in the answer';
    return { lines: [`audit: the advisory service could not be asked (${why}); nothing checked`], fail: false };
  }
  const serious = Object.values(report.vulnerabilities).filter((v) => SERIOUS.has(v.severity));
  const summary = ['critical', 'high', 'moderate', 'low'].map((s) => `${counts[s] ?? 0} ${s}`).join(', ');
  const lines = [`audit: production dependencies: ${summary}`];
  for (const v of serious) lines.push(`audit:   ${v.severity} ${v.name}: ${fixText(v.fixAvailable)}`);
  const toFix = serious.filter((v) => fixable(v.fixAvailable));
  if (toFix.length > 0)
    lines.push(`audit: FAIL: ${toFix.length} high or critical advisories have a fix: run npm audit fix`);
  return { lines, fail: toFix.length > 0 };
}

if (process.argv[1]?.endsWith('audit-report.ts')) {
  const verdict = judgeAudit(fs.readFileSync(process.argv[2] ?? 0, 'utf8'));
  for (const line of verdict.lines) console.log(line);
  process.exit(verdict.fail ? 1 : 0);
}
