import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files of each project, longest first. With no results cached (a clean checkout, as CI
 * runs), vitest starts the largest files first, and these are small files that spawn processes and wait
 * on them: started last, one would run on alone after the others had finished.
 */
const SLOW_FIRST = [
  'scripts/bench/benchmarks-smoke-a.test.ts',
  'src-server/db-supervision.test.ts',
  'src-server/services/presence/presence-cluster.test.ts',
  'scripts/bench/benchmarks-smoke-b.test.ts',
  'src-server/main.test.ts',
  'scripts/backup/backup.test.ts',
  'src-server/lib/writer-claim.test.ts',
  'src-server/openapi/schemathesis.test.ts',
  'scripts/examples/example-bots.test.ts',
  'src-server/read-models/read-model-store.test.ts',
  'src-server/realtime/socket-auth.test.ts',
  'tests/e2e/keyboard.test.ts',
  'tests/e2e/a11y.test.ts',
];

/** Vitest's order (project groups, then cached durations or sizes), with SLOW_FIRST at each group's head. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => group(a.file) - group(b.file) || rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}
