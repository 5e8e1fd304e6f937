import { questionPosted, questionTopic } from '../questions';
import { defineModule, failureLog } from '../context';
import { syncEmbeddings, type Embedder } from './embeddings';
import { chloeJobsDue, chloeNoReply, knowledgeChanged } from './events';
import { feedbackRoutes, pruneFeedback } from './feedback';
import { ChloeReplier } from './jobs';
import { missesRoutes, pruneMisses } from './misses';
import type { ChatProvider } from './providers';
import { chloeRoutes } from './routes';
import { similarRoutes } from './similar';
import { dropIndexes, searchIndexes } from './search-index';

type Needs = { chatProvider: ChatProvider; embedder: Embedder | undefined };

export default defineModule<Needs>({
  name: 'chloe',
  routes: async (app, context) => {
    await app.register(chloeRoutes, { ...context, provider: context.chatProvider });
    await app.register(feedbackRoutes, context);
    await app.register(missesRoutes, context);
    await app.register(similarRoutes, context);
  },
  // An admin added a question to an article, here or on another instance; events missed while the bus was away
  // may have said so too.
  // The asker's page stops waiting for an answer Chloe will not give.
  frames: ({ realtime }) =>
    realtime.on(chloeNoReply, ({ q }) =>
      realtime.hub.sendToTopic(questionTopic(q), { type: 'chloe_no_reply', questionId: q }),
    ),
  caches: ({ db, bus }) => {
    bus.on(knowledgeChanged, () => dropIndexes(db));
    bus.onReconnected(() => dropIndexes(db));
  },
  // The articles' and services' indexes take an instance a second or two to build, its event loop blocked: before
  // it listens, not in the first question's request (decision 055).
  warm: async ({ db, embedder }) => {
    await searchIndexes(db, embedder?.model);
  },
  workers: [
    {
      // Every new question gets a reply job in its transaction; a retried job says so itself.
      name: 'chloe replies',
      wakeOn: [questionPosted, chloeJobsDue],
      create: ({ db, config, chatProvider, embedder, log }) => {
        log.info(
          config.ai
            ? `Chloe uses the model ${config.ai.model} at ${config.ai.baseUrl}`
            : 'Chloe uses the offline guide',
        );
        if (embedder) log.info(`Chloe's retrieval fuses words with the embeddings of ${embedder.model}`);
        return new ChloeReplier(
          db,
          chatProvider,
          { pollMs: config.chloe.replyPollSeconds * 1000 },
          failureLog(log),
          embedder,
        );
      },
    },
  ],
  leaderTasks: ({ db, embedder }) => [
    { name: 'Chloe feedback pruning', everyMs: 86_400_000, run: () => pruneFeedback(db) },
    { name: "Chloe's misses pruning", everyMs: 86_400_000, run: () => pruneMisses(db) },
    ...(embedder
      ? [
          {
            name: 'embeddings',
            everyMs: 60_000,
            run: () => syncEmbeddings(db, embedder).then(() => undefined),
          },
        ]
      : []),
  ],
});

export { embedderFor, type Embedder } from './embeddings';
export { exportQuestions } from './export-questions';
export { chloeJobsDue } from './events';
export { chatProvider, type ChatProvider } from './providers';
