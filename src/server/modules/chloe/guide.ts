import type { Localized } from '../../../shared/languages';
import { DEFAULT_LOCALE, inReaderLanguage, language, localized } from '../../../shared/languages';
import type { Locale } from '../../../shared/constants';
import { translate, type MessageKey } from '../../../shared/i18n';
import { escapeMarkdown } from '../../../shared/markdown';
import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import { documentTerms, questionMode, questionUnits } from './lexical';
import { statesOf } from './local-first';
import type { Retrieved, Source } from './retrieval';
import { searchWords } from '../../lib/text';
// Chloe's words are registered with the server's messages.
import '../../errors';

const MAX_POINTS = 5;
const MAX_HELP = 3;

const MAX_SOURCES = 6;

/**
 * The sources of the retrieved material, each address once, at most six: the best article's (up to three), the
 * first of each other article's, then the government services', organisations' and community questions'.
 */
export function sourceList(context: Retrieved, locale: Locale): Source[] {
  const [best, ...others] = context.articles;
  const all: Source[] = [
    ...(best?.sources.slice(0, 3) ?? []),
    ...others.flatMap((article) => article.sources.slice(0, 1)),
    // An entry with no official source yet is not cited.
    ...context.services.flatMap((service) =>
      service.source ? [{ title: inReaderLanguage(service.title, locale), url: service.source }] : [],
    ),
    ...context.organisations.flatMap((organisation) =>
      organisation.source ? [{ title: organisation.name, url: organisation.source }] : [],
    ),
    ...context.questions.map((question) => ({ title: question.title, url: `/questions/${question.id}` })),
  ];
  const seen = new Set<string>();
  return all.filter((source) => !seen.has(source.url) && seen.add(source.url)).slice(0, MAX_SOURCES);
}

/**
 * An article's points in the order that answers this question: those that share the most of its words first, a
 * point with a figure in it (48 hours, 21 days, $1,000) before one without, and never another state's point before
 * one for the reader's; the rest in the article's order.
 */
function pointsFor(message: string, article: KnowledgeArticle, context: Retrieved) {
  const units = questionUnits(message, questionMode(message));
  const score = (point: Localized) => {
    const states = statesOf(point.en);
    if (context.state && states.length && !states.includes(context.state)) return 0;
    const terms = new Set(documentTerms(point));
    const shared = units.filter((unit) => unit.alternatives.some(({ term }) => terms.has(term))).length;
    return shared === 0 ? 0 : shared + (/\d/.test(point.en) ? 0.5 : 0);
  };
  return article.points
    .map((point, i) => ({ point, i, score: score(point) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ point }) => point);
}

const tel = (phone: string) => `[${phone}](tel:${phone.replace(/\s/g, '')})`;

/**
 * What a reader is told of the article's language when it is not the one it was written in: when its translation
 * was last checked, or that it has none in theirs yet (the text shown is then the English).
 */
function translationNote(article: KnowledgeArticle, locale: Locale): string | undefined {
  if (locale === article.writtenIn || article.writtenIn !== DEFAULT_LOCALE) return undefined;
  const checked = article.translationsChecked[locale];
  if (article.summary[locale] === undefined || checked === undefined)
    return translate(locale, 'chloe.guide.onlyEnglish');
  const date = new Intl.DateTimeFormat(language(locale).intl, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(checked));
  return translate(locale, 'chloe.guide.translated', { date });
}

/**
 * The offline guide's answer, in Markdown: the best article's direct answer and the key points this question needs
 * first (pointsFor), another article if it
 * adds something, and where to get help (the article's own help, government services, organisations near a
 * postcode, community answers); the sources travel beside it. Every sentence comes from the sources; when nothing relevant was found it
 * says so.
 */
export function composeGuide(message: string, context: Retrieved, locale: Locale): string {
  const t = (key: MessageKey) => translate(locale, key);
  if (searchWords(message).length === 0) return t('chloe.guide.greeting');
  const [best, second] = context.articles;
  const parts: string[] = [];
  if (best) {
    parts.push(`**${inReaderLanguage(best.title, locale)}**\n\n${inReaderLanguage(best.summary, locale)}`);
    parts.push(
      `**${t('chloe.guide.keyPoints')}**\n\n${pointsFor(message, best, context)
        .slice(0, MAX_POINTS)
        .map((point) => `- ${inReaderLanguage(point, locale)}`)
        .join('\n')}`,
    );
    const note = translationNote(best, locale);
    if (note) parts.push(`_${note}_`);
    if (second)
      parts.push(
        `**${t('chloe.guide.alsoUseful')}: ${inReaderLanguage(second.title, locale)}**\n\n${inReaderLanguage(second.summary, locale)}`,
      );
  }
  const help = [
    ...(best?.help.slice(0, MAX_HELP).map((line) => inReaderLanguage(line, locale)) ?? []),
    ...context.services.map((service) => {
      const contact = [
        service.contactInfo.phone ? `${t('chloe.guide.phone')} ${tel(service.contactInfo.phone)}` : '',
        service.contactInfo.website
          ? `[${new URL(service.contactInfo.website).hostname}](${service.contactInfo.website})`
          : '',
      ].filter(Boolean);
      return `**${inReaderLanguage(service.title, locale)}**: ${inReaderLanguage(service.description, locale)}${contact.length ? ` (${contact.join(', ')})` : ''}`;
    }),
  ];
  if (help.length && (best || context.services.length)) {
    parts.push(`**${t('chloe.guide.getHelp')}**\n\n${help.map((line) => `- ${line}`).join('\n')}`);
    if (context.services.some((service) => localized(service.description, locale).locale !== locale))
      parts.push(t('chloe.guide.servicesInEnglish'));
  }
  if (context.organisations.length)
    parts.push(
      `**${t('chloe.guide.near')}**\n\n${context.organisations
        .map(
          (o) =>
            `- **${o.name}**, ${o.address}, ${o.suburb} ${o.state} ${o.postcode} (${o.distance} km)${o.phone ? `, ${tel(o.phone)}` : ''}`,
        )
        .join('\n')}`,
    );
  if (context.questions.length)
    parts.push(
      `**${t('chloe.guide.community')}**\n\n${context.questions.map((q) => `- [${escapeMarkdown(q.title)}](/questions/${q.id})`).join('\n')}`,
    );
  return parts.length ? parts.join('\n\n') : t('chloe.guide.notFound');
}

/** The numbered sources as Markdown, for answers shown without the chat's own list (Chloe's replies in the feed). */
export function sourcesBlock(sources: Source[], locale: Locale): string {
  // Titles of community questions are members' words: escaped, they stay text.
  return `**${translate(locale, 'chloe.guide.sources')}**\n\n${sources.map((s, i) => `${i + 1}. [${escapeMarkdown(s.title)}](${s.url})`).join('\n')}`;
}
