import type { Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import type { Database } from '../../db/client';
import type { Embedder } from './embeddings';
import { crisisText, disclaimerText, isCrisis, isVisaOrLegal } from './guardrails';
import { sourceList, sourcesBlock } from './guide';
import { keepTrustedLinks, trustedLinks } from './links';
import type { ChatProvider, ChatTurn } from './providers';
import { nothingRetrieved, retrieve, type Source } from './retrieval';
import { messageLocale, searchWords } from '../../lib/text';

export type ChloeRequest = {
  message: string;
  history: ChatTurn[];
  /** The language of the page, used when the message does not show its own. */
  pageLocale: Locale;
  signal: AbortSignal;
  /** Ends the text with the numbered sources (the chat lists them itself, from the `done` event). */
  sourcesInText?: boolean;
  /** Chloe's embedding model, when one is configured: retrieval then fuses meaning with words. */
  embedder?: Embedder;
  /** The state the signed-in person's profile names, when the message names none. */
  readerState?: string | null;
};

/** Words that steer retrieval to crisis support (the mental health and family violence articles). */
const CRISIS_TOPIC = 'crisis support Lifeline';
/** The article a person in crisis gets first, whatever else the words find. */
const CRISIS_ARTICLES = ['mental-health'];

export type ChloeAnswer = {
  sources: Source[];
  /** The message asked something and no source is relevant to it. */
  nothingFound: boolean;
  chunks: AsyncIterable<string>;
};

/** A short follow-up ("and in Victoria?") is searched together with the person's previous message. */
function searchText(message: string, history: ChatTurn[]): string {
  if (message.split(/\s+/).length > 4) return message;
  const previous = history.findLast((turn) => turn.role === 'user');
  return previous ? `${previous.content} ${message}` : message;
}

/**
 * One answer of Chloe: the rules in code around whichever provider writes the words. A person in crisis gets the
 * crisis numbers before anything else; a visa or legal question ends with the disclaimer and the register of
 * migration agents; the words carry only links to trusted addresses. No message can change any of these.
 */
export async function answer(
  db: Database,
  provider: ChatProvider,
  request: ChloeRequest,
): Promise<ChloeAnswer> {
  const locale = messageLocale(request.message, request.pageLocale);
  const crisis = isCrisis(request.message);
  // For a person in crisis the help that matters comes first, whatever else the message is about.
  const topic = crisis ? ` ${CRISIS_TOPIC}` : '';
  const context = await retrieve(db, searchText(request.message, request.history) + topic, {
    embedder: request.embedder,
    first: crisis ? CRISIS_ARTICLES : undefined,
    readerState: request.readerState,
  });
  const visaOrLegal = isVisaOrLegal(request.message) || Boolean(context.articles[0]?.visaOrLegal);
  const sources = sourceList(context, locale);
  const links = trustedLinks(context, sources);
  const nothingFound = !crisis && searchWords(request.message).length > 0 && nothingRetrieved(context);

  async function* chunks(): AsyncIterable<string> {
    if (crisis) yield `${crisisText(locale)}\n\n`;
    // With no relevant source, Chloe says so and points to people, whichever model is configured: it never guesses.
    if (nothingFound) yield translate(locale, 'chloe.guide.notFound');
    else
      yield* keepTrustedLinks(
        provider.stream({
          message: request.message,
          history: request.history,
          locale,
          context,
          signal: request.signal,
        }),
        links,
      );
    if (visaOrLegal) yield `\n\n${disclaimerText(locale)}`;
    if (request.sourcesInText && sources.length) yield `\n\n${sourcesBlock(sources, locale)}`;
  }

  return { sources, nothingFound, chunks: chunks() };
}

/** The whole answer as one text (for Chloe's replies in the feed), and whether nothing relevant was found. */
export async function answerText(
  db: Database,
  provider: ChatProvider,
  request: ChloeRequest,
): Promise<{ text: string; nothingFound: boolean }> {
  const { chunks, nothingFound } = await answer(db, provider, request);
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return { text: text.trim(), nothingFound };
}
