// A Vitest reporter for scripts/test.mjs: per project, the files and tests that passed, failed or were skipped
// and when its files ran (projects share the workers, so a project's time is the window its files ran in and
// the sum of their durations), each file's duration, and the reason of every test skipped with one
// (`context.skip(reason)`: a tool missing on this machine), for npm test's closing lines. Writes JSON to
// VITEST_SUMMARY.
import { writeFileSync } from 'node:fs';

export default class ProjectSummary {
  started = new Map();
  ended = new Map();

  onTestModuleStart(testModule) {
    this.started.set(testModule, Date.now());
  }

  onTestModuleEnd(testModule) {
    this.ended.set(testModule, Date.now());
  }

  onTestRunEnd(testModules, unhandledErrors, reason) {
    const projects = {};
    const files = [];
    const skips = [];
    for (const testModule of testModules) {
      const name = testModule.project.name;
      projects[name] ??= { files: 0, passed: 0, failed: 0, skipped: 0, fileMs: 0, first: null, last: null };
      const p = projects[name];
      p.files += 1;
      const failedBefore = p.failed;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') p.passed += 1;
        else if (state === 'failed') p.failed += 1;
        else {
          p.skipped += 1;
          const note = test.result().note;
          if (note) skips.push({ project: name, file: testModule.relativeModuleId, note });
        }
      }
      // A file that failed outside its tests (an import or a hook) counts as one failed test.
      if (testModule.state() === 'failed' && p.failed === failedBefore) p.failed += 1;
      p.fileMs += testModule.diagnostic().duration;
      files.push({ project: name, file: testModule.relativeModuleId, ms: testModule.diagnostic().duration });
      const start = this.started.get(testModule);
      const end = this.ended.get(testModule);
      if (start && (p.first === null || start < p.first)) p.first = start;
      if (end && (p.last === null || end > p.last)) p.last = end;
    }
    const out = process.env.VITEST_SUMMARY;
    if (out)
      writeFileSync(
        out,
        JSON.stringify({ reason, unhandledErrors: unhandledErrors.length, projects, files, skips }, null, 2),
      );
  }
}
