import { describe, expect, it } from 'vitest';
import { judgeAudit } from '#tools/audit-report';

/** The shape of `npm audit --json` (report format 2), written by hand for each case. */
const report = (vulnerabilities: Record<string, { severity: string; fixAvailable: unknown }>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(
      Object.entries(vulnerabilities).map(([name, v]) => [name, { name, ...v, via: [], effects: [], range: '*' }]),
    ),
    metadata: {
      vulnerabilities: Object.values(vulnerabilities).reduce<Record<string, number>>(
        (n, v) => ({ ...n, [v.severity]: (n[v.severity] ?? 0) + 1 }),
        { info: 0, low: 0, moderate: 0, high: 0, critical: 0 },
      ),
    },
  });

/** docs/decisions/057-dependency-audit.md: a report, and a failure only when a fix can be applied. */
describe('the dependency audit step', () => {
  it('reports high advisories without a fix or needing a major upgrade, and passes', () => {
    const verdict = judgeAudit(
      report({
        'left-pad': { severity: 'high', fixAvailable: false },
        'old-lib': { severity: 'critical', fixAvailable: { name: 'old-lib', version: '3.0.0', isSemVerMajor: true } },
        chatty: { severity: 'moderate', fixAvailable: true },
      }),
    );
    expect(verdict).toEqual({
      fail: false,
      lines: [
        'audit: production dependencies: 1 critical, 1 high, 1 moderate, 0 low',
        'audit:   high left-pad: no fix available yet',
        'audit:   critical old-lib: fix needs a major upgrade: old-lib@3.0.0',
      ],
    });
  });

  it('fails when a high advisory has a fix within the allowed range or a minor upgrade', () => {
    for (const fixAvailable of [true, { name: 'fastify', version: '5.9.9', isSemVerMajor: false }]) {
      const verdict = judgeAudit(report({ fastify: { severity: 'high', fixAvailable } }));
      expect(verdict.fail).toBe(true);
      expect(verdict.lines.at(-1)).toBe('audit: FAIL: 1 high or critical advisories have a fix: run npm audit fix');
    }
  });

  it('says so, and passes, when the advisory service cannot be asked', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    expect(judgeAudit(refused)).toEqual({
      fail: false,
      lines: [
        'audit: the advisory service could not be asked (405 Method Not Allowed - ' +
          'POST https://registry.example/-/npm/v1/security/advisories/bulk); nothing checked',
      ],
    });
    expect(judgeAudit('').fail).toBe(false);
  });

  it('passes a clean report', () => {
    expect(judgeAudit(report({}))).toEqual({
      fail: false,
      lines: ['audit: production dependencies: 0 critical, 0 high, 0 moderate, 0 low'],
    });
  });
});
