import type { Locale } from '../../../shared/constants';
import { escapeMarkdown } from '../../../shared/markdown';
import type { Retrieved, Source } from './retrieval';
import { searchWords } from '../../lib/text';

const TEXT = {
  en: {
    keyPoints: 'Key points',
    alsoUseful: 'Also useful',
    getHelp: 'Where to get help',
    community: 'From the Mentor Me community',
    near: 'Near you',
    sources: 'Sources',
    phone: 'phone',
    greeting:
      "Hi, I'm Chloe. Ask me about study, work, renting, health care, money or support services in Australia, in English or Vietnamese. I answer from official information and show you where it comes from.",
    notFound: [
      "I couldn't find this in the official information I have, so I won't guess. You can:",
      '',
      '- ask in the [community feed](/): peer mentors and students answer there;',
      '- talk to a [mentor](/chat);',
      '- check the official sites: [Department of Home Affairs](https://immi.homeaffairs.gov.au/), [Services Australia](https://www.servicesaustralia.gov.au/), [Study Australia](https://www.studyaustralia.gov.au/).',
    ].join('\n'),
  },
  vi: {
    keyPoints: 'Những điểm chính',
    alsoUseful: 'Cũng hữu ích',
    getHelp: 'Nơi nhận hỗ trợ',
    community: 'Từ cộng đồng Mentor Me',
    near: 'Gần bạn',
    sources: 'Nguồn',
    phone: 'điện thoại',
    greeting:
      'Chào bạn, mình là Chloe. Bạn có thể hỏi mình về học tập, việc làm, thuê nhà, y tế, tài chính hoặc các dịch vụ hỗ trợ ở Úc, bằng tiếng Việt hoặc tiếng Anh. Mình trả lời dựa trên thông tin chính thức và cho bạn biết nguồn.',
    notFound: [
      'Mình chưa tìm thấy điều này trong thông tin chính thức mà mình có, nên mình sẽ không đoán. Bạn có thể:',
      '',
      '- hỏi trong [bảng tin cộng đồng](/): các cố vấn và sinh viên sẽ trả lời;',
      '- trò chuyện với một [cố vấn](/chat);',
      '- xem các trang chính thức: [Bộ Nội vụ (Department of Home Affairs)](https://immi.homeaffairs.gov.au/), [Services Australia](https://www.servicesaustralia.gov.au/), [Study Australia](https://www.studyaustralia.gov.au/).',
    ].join('\n'),
  },
} as const;

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
    ...context.services.map((service) => ({ title: service.title[locale], url: service.source })),
    ...context.organisations.map((organisation) => ({ title: organisation.name, url: organisation.source })),
    ...context.questions.map((question) => ({ title: question.title, url: `/questions/${question.id}` })),
  ];
  const seen = new Set<string>();
  return all.filter((source) => !seen.has(source.url) && seen.add(source.url)).slice(0, MAX_SOURCES);
}

const tel = (phone: string) => `[${phone}](tel:${phone.replace(/\s/g, '')})`;

/**
 * The offline guide's answer, in Markdown: the best article's direct answer and key points, another article if it
 * adds something, and where to get help (the article's own help, government services, organisations near a
 * postcode, community answers); the sources travel beside it. Every sentence comes from the sources; when nothing relevant was found it
 * says so.
 */
export function composeGuide(message: string, context: Retrieved, locale: Locale): string {
  const text = TEXT[locale];
  if (searchWords(message).length === 0) return text.greeting;
  const [best, second] = context.articles;
  const parts: string[] = [];
  if (best) {
    parts.push(`**${best.title[locale]}**\n\n${best.summary[locale]}`);
    parts.push(
      `**${text.keyPoints}**\n\n${best.points
        .slice(0, MAX_POINTS)
        .map((point) => `- ${point[locale]}`)
        .join('\n')}`,
    );
    if (second) parts.push(`**${text.alsoUseful}: ${second.title[locale]}**\n\n${second.summary[locale]}`);
  }
  const help = [
    ...(best?.help.slice(0, MAX_HELP).map((line) => line[locale]) ?? []),
    ...context.services.map((service) => {
      const contact = [
        service.contactInfo.phone ? `${text.phone} ${tel(service.contactInfo.phone)}` : '',
        service.contactInfo.website
          ? `[${new URL(service.contactInfo.website).hostname}](${service.contactInfo.website})`
          : '',
      ].filter(Boolean);
      return `**${service.title[locale]}**: ${service.description[locale]}${contact.length ? ` (${contact.join(', ')})` : ''}`;
    }),
  ];
  if (help.length && (best || context.services.length))
    parts.push(`**${text.getHelp}**\n\n${help.map((line) => `- ${line}`).join('\n')}`);
  if (context.organisations.length)
    parts.push(
      `**${text.near}**\n\n${context.organisations
        .map(
          (o) =>
            `- **${o.name}**, ${o.address}, ${o.suburb} ${o.state} ${o.postcode} (${o.distance} km)${o.phone ? `, ${tel(o.phone)}` : ''}`,
        )
        .join('\n')}`,
    );
  if (context.questions.length)
    parts.push(
      `**${text.community}**\n\n${context.questions.map((q) => `- [${escapeMarkdown(q.title)}](/questions/${q.id})`).join('\n')}`,
    );
  return parts.length ? parts.join('\n\n') : text.notFound;
}

/** The numbered sources as Markdown, for answers shown without the chat's own list (Chloe's replies in the feed). */
export function sourcesBlock(sources: Source[], locale: Locale): string {
  // Titles of community questions are members' words: escaped, they stay text.
  return `**${TEXT[locale].sources}**\n\n${sources.map((s, i) => `${i + 1}. [${escapeMarkdown(s.title)}](${s.url})`).join('\n')}`;
}
