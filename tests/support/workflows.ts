/**
 * The workflows as the workflow tests read them (tests/unit/workflows.test.ts, workflow-check-sources.test.ts,
 * workflow-lint.test.ts): the shape of a parsed workflow file and the helpers over its jobs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  'continue-on-error'?: boolean;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
export interface Job {
  needs?: string | string[];
  if?: string;
  outputs?: Record<string, string>;
  env?: Record<string, string>;
  defaults?: { run?: { shell?: string } };
  strategy?: { matrix: { include: Record<string, string>[] } };
  permissions?: Record<string, string>;
  environment?: { name: string };
  steps: Step[];
}
export interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

/** A workflow of .github/workflows, parsed. */
export const readWorkflow = (name: string) => parse(readFileSync(path.join(ROOT, '.github/workflows', name), 'utf8')) as Workflow;
export const allSteps = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps);
export const needsOf = (job: Job) => (Array.isArray(job.needs) ? job.needs : job.needs ? [job.needs] : []);

/** Jobs that `name` waits for, directly or not. */
export function ancestors(workflow: Workflow, name: string): Set<string> {
  const found = new Set<string>();
  const visit = (job: string) => {
    for (const parent of needsOf(workflow.jobs[job] as Job)) {
      if (!found.has(parent)) {
        found.add(parent);
        visit(parent);
      }
    }
  };
  visit(name);
  return found;
}
