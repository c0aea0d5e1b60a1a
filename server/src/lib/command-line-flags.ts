/**
 * True when node was started with this V8 flag on its command line (`--name`, `--no-name` or `--name=value`, with
 * `_` or `-` between words, as V8 accepts both): heap-tuning.ts leaves such a flag to the operator.
 */
export function givenOnCommandLine(name: string, execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.some((arg) => {
    const flag = arg.split('=')[0]!.replace(/_/g, '-');
    return flag === `--${name}` || flag === `--no-${name}`;
  });
}
