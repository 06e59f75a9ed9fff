import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification } from 'vitest/node';

const REPOSITORY = resolve(import.meta.dirname, '..');

/**
 * Vitest's order on a fresh clone (CI's: no results cache) is project by project, larger files
 * first, so a long file can start late and leave one worker running it alone at the end. This
 * starts the files known to be long first, longest first whatever their project, then the rest in
 * Vitest's order. `seconds` is keyed `<project>:<path from the repository root>`: a measured
 * duration; only the order counts. Used by both the unit and the e2e configs.
 */
export function slowFirst(seconds: Record<string, number>): TestSequencerConstructor {
  return class SlowFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const known = (spec: TestSpecification) =>
        seconds[`${spec.project.name}:${relative(REPOSITORY, spec.moduleId)}`] ?? 0;
      const ordered = await super.sort(files);
      return ordered
        .map((spec, index) => ({ spec, index, seconds: known(spec) }))
        .sort((a, b) => b.seconds - a.seconds || a.index - b.index)
        .map(({ spec }) => spec);
    }
  };
}
