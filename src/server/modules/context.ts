import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { defineModule as defineParts, type ModuleParts } from '../lib/module';
import type { AppMetrics } from '../observability/metrics';
import type { EventBus } from '../realtime/bus';
import type { Realtime } from '../realtime/channel';
import type { EventKind } from '../realtime/events';

/**
 * What the app gives every module. A module that needs more (the outbox, Chloe's provider) names it in its own
 * `defineModule<{ ... }>`, and the app (app.ts) must give it: the compiler checks that against MODULES.
 */
export type ModuleContext = {
  db: Database;
  config: Config;
  /** The instance's ear on PostgreSQL's events. */
  bus: EventBus;
  /** The realtime channel: sockets and the events they hear. */
  realtime: Realtime;
  /** The time emailed links are issued and checked at; tests set their own. */
  clock: () => Date;
  log: FastifyBaseLogger;
  metrics: AppMetrics;
};

export type ServerModule<Needs = object> = ModuleParts<ModuleContext & Needs, EventKind<object>>;

/** Describes a server module once; `Needs` is what it takes from the app beyond ModuleContext. */
export function defineModule<Needs = object>(parts: ServerModule<NoInfer<Needs>>): ServerModule<Needs> {
  return defineParts(parts);
}

/** What a worker calls when its work fails: one line with the error, in the app's log. */
export const failureLog =
  (log: FastifyBaseLogger) =>
  (message: string, error?: unknown): void =>
    log.error({ err: error }, message);
