/**
 * Leaves the note of a refused update beside the last good snapshot, for /status: the deploy workflow
 * runs it when the gate refused the new data (or the sync or the build failed), then builds and
 * publishes the last good data again, so the live site tells editors which update was refused and
 * why (docs/deploy-and-hosting.md, "A refused update").
 *
 *   node scripts/refusal-note.ts --stage verify|sync|build [--from <the gate's refusal file>] [--previous <last published build-manifest.json>]
 *
 * Writes {SNAPSHOT_DIR}/refusal.json (src/lib/status/refusal.ts). The gate's own file (VERIFY_REFUSAL_FILE)
 * gives the reasons when it refused; a sync or a build that failed gets the sentence of its stage.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectDir } from '../src/lib/project-dirs.ts';
import { REFUSAL_FILE, type Refusal, RefusalSchema } from '../src/lib/status/refusal.ts';
import { writeJsonAtomic } from './sync/snapshot.ts';
import { readManifest } from './verify/manifest.ts';

const root = path.resolve(import.meta.dirname, '..');

/** What editors read when a step before the gate failed: no data of theirs is to blame. */
export const STAGE_REASONS: Record<Exclude<Refusal['stage'], 'verify'>, string> = {
  sync: 'A leitura das fontes parou por um erro técnico antes de terminar. Não é um problema dos dados publicados: a equipe técnica precisa ver o registro da execução.',
  build:
    'A construção das páginas parou por um erro técnico. Não é um problema dos dados publicados: a equipe técnica precisa ver o registro da execução.',
};

/** The note of a refused update: the gate's reasons when it refused, else its stage's sentence. */
export async function refusalNote(options: {
  stage: Refusal['stage'];
  gateFile: string | undefined;
  previousManifest: string | undefined;
  now: Date;
}): Promise<Refusal> {
  // The gate's own note, when it wrote one that can be read: a refusal must leave a note whatever happened.
  const text = options.gateFile ? await readFile(options.gateFile, 'utf8').catch(() => 'null') : 'null';
  let written: unknown = null;
  try {
    written = JSON.parse(text);
  } catch {
    written = null;
  }
  const gate = RefusalSchema.safeParse(written);
  const previous = options.previousManifest ? await readManifest(options.previousManifest).catch(() => null) : null;
  const lastPublishedAt = previous?.builtAt ?? null;
  if (options.stage === 'verify' && gate.success) return { ...gate.data, lastPublishedAt };
  const reason =
    options.stage === 'verify'
      ? 'A verificação final recusou o site novo, mas o motivo não foi registrado: a equipe técnica precisa ver o registro da execução.'
      : STAGE_REASONS[options.stage];
  return { attemptedAt: options.now.toISOString(), stage: options.stage, reasons: [reason], total: 1, lastPublishedAt };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { stage: { type: 'string' }, from: { type: 'string' }, previous: { type: 'string' } },
  });
  const stage = RefusalSchema.shape.stage.safeParse(values.stage);
  if (!stage.success) {
    console.error(`refusal-note: --stage takes verify, sync or build, not "${values.stage ?? ''}".`);
    process.exit(2);
  }
  const note = await refusalNote({
    stage: stage.data,
    gateFile: values.from,
    previousManifest: values.previous,
    now: new Date(),
  });
  const dir = projectDir(process.env, 'snapshot', root);
  await writeJsonAtomic(dir, REFUSAL_FILE.replace(/\.json$/, ''), note);
  console.log(
    `refusal-note: ${path.relative(root, path.join(dir, REFUSAL_FILE))} written (${note.stage}, ${note.total} reason(s)).`,
  );
}
