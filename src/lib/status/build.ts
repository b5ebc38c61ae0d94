/**
 * What a build knows of itself for /status: who asked for it and when the next nightly run is due.
 * The deploy workflow says who asked (BUILD_TRIGGER, BUILD_REASON); the nightly time is deploy.yml's
 * cron, which a unit test holds to NIGHTLY_UTC.
 */
import type { Env } from '../config.ts';

/** The nightly rebuild of .github/workflows/deploy.yml, in UTC (its `schedule` cron says the same). */
export const NIGHTLY_UTC = { hour: 7, minute: 17 } as const;

/** Who asked for a build: the values of BUILD_TRIGGER the deploy workflow sets. */
const BUILD_TRIGGERS = ['nightly', 'source-change', 'button', 'webhook'] as const;
type BuildTrigger = (typeof BUILD_TRIGGERS)[number];

export interface BuildRequest {
  /** null for a build nobody named (a local `npm run build`). */
  trigger: BuildTrigger | null;
  /** The reason the button or the webhook gave, as typed (plain text; pages escape it); null without one. */
  reason: string | null;
}

/** Most characters of a reason shown. */
const REASON_CHARS = 200;

/** The build's request from its environment; an unknown BUILD_TRIGGER is no trigger. */
export function readBuildRequest(env: Env): BuildRequest {
  const value = env.BUILD_TRIGGER?.trim() ?? '';
  const trigger = (BUILD_TRIGGERS as readonly string[]).includes(value) ? (value as BuildTrigger) : null;
  const reason = env.BUILD_REASON?.replace(/\s+/g, ' ').trim().slice(0, REASON_CHARS) || null;
  return { trigger, reason };
}

/** The first nightly run after `after`. */
export function nextNightlyRun(after: Date): Date {
  const next = new Date(after);
  next.setUTCHours(NIGHTLY_UTC.hour, NIGHTLY_UTC.minute, 0, 0);
  if (next.getTime() <= after.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
