import { questionPosted } from '../questions';
import { defineModule, failureLog } from '../context';
import { syncEmbeddings, type Embedder } from './embeddings';
import { chloeJobsDue } from './events';
import { feedbackRoutes, pruneFeedback } from './feedback';
import { ChloeReplier } from './jobs';
import type { ChatProvider } from './providers';
import { chloeRoutes } from './routes';

type Needs = { chatProvider: ChatProvider; embedder: Embedder | undefined };

export default defineModule<Needs>({
  name: 'chloe',
  routes: async (app, context) => {
    await app.register(chloeRoutes, { ...context, provider: context.chatProvider });
    await app.register(feedbackRoutes, context);
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
export { chloeJobsDue } from './events';
export { chatProvider, type ChatProvider } from './providers';
