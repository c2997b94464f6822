/** `--name value` from the benchmark's command line, or `fallback` when it is not given. */
export function option(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
}

/** Whether `--name` is on the benchmark's command line. */
export const flag = (name: string): boolean => process.argv.slice(2).includes(`--${name}`);
