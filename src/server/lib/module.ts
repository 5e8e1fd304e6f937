import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import type { LeaderTask } from './leadership';

/** Background work every instance runs (a PolledWorker): started after listening, stopped on shutdown. */
export type Worker = { start(): void; stop(): Promise<void>; nudge(): void };

/**
 * One worker of a module and the events that wake it. Events come through PostgreSQL, so work queued on one
 * instance wakes the worker of every instance; with none, the worker only polls.
 */
export type WorkerPart<Context, Event> = {
  name: string;
  wakeOn: readonly Event[];
  /** Builds the worker; undefined when the configuration turns it off (no mail transport, say). */
  create: (context: Context) => Worker | undefined | Promise<Worker | undefined>;
};

/**
 * A module as the app sees it: everything it adds to the app, in one place. Every field is optional; the app
 * (app.ts, main.ts) goes through the list of modules and wires each part the same way.
 */
export type ModuleParts<Context extends FastifyPluginOptions, Event> = {
  name: string;
  /** Its HTTP routes, given the context every module shares. */
  routes?: FastifyPluginAsync<Context>;
  /** Listeners on the bus that keep its own state right on every instance. */
  events?: (context: Context) => void;
  /** Caches it keeps, and the events that clear them. */
  caches?: (context: Context) => void;
  /** Frames it sends on the realtime channel (live feed, bell). */
  frames?: (context: Context) => void;
  workers?: readonly WorkerPart<Context, Event>[];
  /** Work one instance does for all of them (lib/leadership.ts). */
  leaderTasks?: (context: Context) => LeaderTask[];
  /** What an instance builds before it listens (main.ts), so that no person's request waits while it is built. */
  warm?: (context: Context) => Promise<void>;
};

/** Describes a module once, in its front door (`modules/<name>/index.ts`). */
export function defineModule<Context extends FastifyPluginOptions, Event>(
  parts: ModuleParts<Context, Event>,
): ModuleParts<Context, Event> {
  return parts;
}
