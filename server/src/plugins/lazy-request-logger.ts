import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger that becomes pino's child logger (with the request id) the first time something logs through
 * it. Fastify makes one child per request; with its per-request lines off (plugins/request-log.ts) a cached 2xx
 * answer logs nothing, and building a child it never uses was about a microsecond of every such request
 * (docs/architecture.md §9). Lines written through it are the child's own: same bindings, same serializers.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  private child_: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.child_ ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.real as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) ?? false;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    const real = this.real;
    (real[level] as (...a: unknown[]) => void).apply(real, args);
  }

  // Prototype methods, not arrow fields: a request that never logs allocates nothing but this object.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(...args: unknown[]): void {
    this.write('silent', args);
  }
}

/** Fastify's `childLoggerFactory`: the per-request logger, built on first use. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options);
