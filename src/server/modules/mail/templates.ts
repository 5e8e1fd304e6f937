import { language, type Locale } from '../../../shared/languages';
import { translate, type MessageKey, type Values } from '../../../shared/i18n';
import type { MailKind } from '../../db/schema';

/** Emails about notifications: one piece of news, or the day's in one digest. */
export type NoticeMailKind = Extract<MailKind, 'notification' | 'digest'>;
/** Emails about the account itself (links, notices): never unsubscribed from. */
export type AccountMailKind = Exclude<MailKind, NoticeMailKind>;

/** What an account email needs besides its texts: whom it greets, the link it carries, the address a notice names. */
export type MailValues = { name: string; link?: string; newEmail?: string };
/** A few words of a reply an email tells of, as plain text, and who wrote them. */
export type Quote = { who: string; text: string };
/**
 * One piece of news, already in the recipient's language: what happened, and the page that shows it; for replies,
 * the start of each (`quotes`) and how many more there are (`more`), which a single email shows and a digest not.
 */
export type NewsItem = { text: string; link: string; action: string; quotes?: Quote[]; more?: string };
/** A notification email's news (one item, or the digest's), and the links that stop or choose such emails. */
export type NoticeValues = {
  name: string;
  items: NewsItem[];
  unsubscribeLink: string;
  settingsLink: string;
  homeLink: string;
  /** A digest of the questions waiting in a mentor's topics, in its own words (modules/questions/waiting-mail.ts). */
  waiting?: true;
};
export type RenderedMail = { subject: string; text: string; html: string };

/**
 * The texts of each kind, under `mail.<block>` in shared/i18n/mail.*.ts; a kind with a link has an action. An email
 * to an address the account has not shown to be its own greets nobody by name: the name is the sender's choice.
 */
const BLOCKS: Record<AccountMailKind, { block: string; link: boolean; byName: boolean }> = {
  'verify-email': { block: 'verifyEmail', link: true, byName: true },
  'change-email': { block: 'changeEmail', link: true, byName: false },
  'email-change-notice': { block: 'emailChangeNotice', link: true, byName: true },
  'email-change-attempt': { block: 'emailChangeAttempt', link: false, byName: true },
  'reset-password': { block: 'resetPassword', link: true, byName: true },
};

type Link = { label: string; href: string };
/** An email's parts, in the order they are read. */
type Layout = {
  subject: string;
  paragraphs: string[];
  /** Words quoted, after the paragraphs. */
  quotes?: Quote[];
  /** The digest's news, each line a link. */
  list?: Link[];
  /** The main button; the plain text gives its address. */
  action?: Link;
  /** Under the button: the address again for mail programs that do not show buttons. */
  linkHelp?: string;
  after: string[];
  /** Small links under the footer: unsubscribe and settings. */
  footerLinks?: Link[];
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const LINK_STYLE = 'color:#1d4ed8;word-break:break-all';

/**
 * A link of an email in its language (`lang=vi`): the page it opens is in the language the email was written in,
 * whatever the browser that opens it was set to (src/client/lib/i18n.ts, src/server/pages.ts).
 */
export function inLanguage(href: string, locale: Locale): string {
  const url = new URL(href);
  url.searchParams.set('lang', locale);
  return url.toString();
}

/** Plain text and the same in simple HTML, in the recipient's language; every link opens in that language. */
function layout(locale: Locale, parts: Layout, t: (key: string) => string): RenderedMail {
  const localised = (link: Link): Link => ({ ...link, href: inLanguage(link.href, locale) });
  const action = parts.action && localised(parts.action);
  const list = (parts.list ?? []).map(localised);
  const footerLinks = (parts.footerLinks ?? []).map(localised);
  const { quotes = [] } = parts;
  const text = [
    ...parts.paragraphs,
    ...quotes.map((quote) => `${quote.who}:\n“${quote.text}”`),
    ...list.map((item) => `- ${item.label}\n  ${item.href}`),
    ...(action ? [`${action.label}:\n${action.href}`] : []),
    ...parts.after,
    `${t('signature')}\n${t('footer')}`,
    ...footerLinks.map((link) => `${link.label}:\n${link.href}`),
  ].join('\n\n');

  const p = (content: string) => `<p style="margin:0 0 16px">${escapeHtml(content)}</p>`;
  const a = (link: Link, style: string) =>
    `<a href="${escapeHtml(link.href)}" style="${style}">${escapeHtml(link.label)}</a>`;
  const quotesHtml = quotes
    .map(
      (quote) =>
        `<blockquote style="margin:0 0 16px;padding:4px 0 4px 12px;border-left:4px solid #d1d5db;color:#374151"><strong style="color:#111827">${escapeHtml(quote.who)}</strong><br>${escapeHtml(quote.text)}</blockquote>`,
    )
    .join('\n');
  const listHtml = list.length
    ? `<ul style="margin:0 0 16px;padding-left:20px">${list.map((item) => `<li style="margin:0 0 8px">${a(item, 'color:#1d4ed8')}</li>`).join('')}</ul>`
    : '';
  const button = action
    ? `<p style="margin:24px 0">${a(action, 'background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block')}</p>` +
      (parts.linkHelp
        ? `<p style="margin:0 0 16px;font-size:14px;color:#374151">${escapeHtml(parts.linkHelp)}<br>${a({ label: action.href, href: action.href }, LINK_STYLE)}</p>`
        : '')
    : '';
  const footerLinksHtml = footerLinks.length
    ? `<p style="margin:8px 0 0;font-size:13px;color:#4b5563">${footerLinks.map((link) => a(link, 'color:#4b5563')).join(' · ')}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}" dir="${language(locale).dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
${parts.paragraphs.map(p).join('\n')}
${quotesHtml}
${listHtml}
${button}
${parts.after.map(p).join('\n')}
<p style="margin:24px 0 0;font-weight:600">${escapeHtml(t('signature'))}</p>
<p style="margin:8px 0 0;font-size:13px;color:#4b5563">${escapeHtml(t('footer'))}</p>
${footerLinksHtml}
</div>
</body></html>
`;
  return { subject: parts.subject, text, html };
}

const translator =
  (locale: Locale, values: Values = {}) =>
  (key: string, more: Values = {}) =>
    translate(locale, `mail.${key}` as MessageKey, { ...values, ...more });

function renderAccountMail(kind: AccountMailKind, locale: Locale, values: MailValues): RenderedMail {
  const { block, link, byName } = BLOCKS[kind];
  const t = translator(locale, values);
  const href = link ? values.link : undefined;
  if (link && !href) throw new Error(`A ${kind} email needs its link`);
  return layout(
    locale,
    {
      subject: t(`${block}.subject`),
      paragraphs: [t(byName ? 'greeting' : 'greetingPlain'), t(`${block}.intro`)],
      action: href ? { label: t(`${block}.action`), href } : undefined,
      linkHelp: t('linkHelp'),
      after: [...(link ? [t(`${block}.expiry`)] : []), t(`${block}.notYou`)],
    },
    t,
  );
}

/**
 * A notification email: one piece of news with its button, or the digest's list. Both end with a link that stops
 * such emails without signing in, and one to the settings.
 */
function renderNoticeMail(kind: NoticeMailKind, locale: Locale, values: NoticeValues): RenderedMail {
  const [first] = values.items;
  if (!first) throw new Error(`A ${kind} email needs its news`);
  const t = translator(locale, { name: values.name });
  if (kind === 'digest' && values.waiting) return renderWaitingMail(locale, values, t);
  const block = kind === 'digest' ? 'digest' : 'notification';
  const footerLinks = [
    { label: t(`${block}.unsubscribe`), href: values.unsubscribeLink },
    { label: t('notification.settings'), href: values.settingsLink },
  ];
  if (kind === 'notification') {
    return layout(
      locale,
      {
        subject: first.text,
        paragraphs: [t('greeting'), first.text],
        quotes: first.quotes,
        action: { label: first.action, href: first.link },
        after: [...(first.more ? [first.more] : []), t('notification.why')],
        footerLinks,
      },
      t,
    );
  }
  return layout(
    locale,
    {
      subject: t('digest.subject', { count: values.items.length }),
      paragraphs: [t('greeting'), t('digest.intro')],
      list: values.items.map((item) => ({ label: item.text, href: item.link })),
      action: { label: t('digest.action'), href: values.homeLink },
      after: [t('digest.why')],
      footerLinks,
    },
    t,
  );
}

/** A mentor's daily list of waiting questions: its button opens "Waiting for you", its footer the settings. */
function renderWaitingMail(locale: Locale, values: NoticeValues, t: (key: string) => string): RenderedMail {
  const w = (key: string, more: Values = {}) => translate(locale, `waiting.email.${key}` as MessageKey, more);
  return layout(
    locale,
    {
      subject: w('subject', { count: values.items.length }),
      paragraphs: [t('greeting'), w('intro')],
      list: values.items.map((item) => ({ label: item.text, href: item.link })),
      action: { label: w('action'), href: values.homeLink },
      after: [w('why')],
      footerLinks: [{ label: w('stop'), href: values.settingsLink }],
    },
    t,
  );
}

/**
 * One email in the recipient's language: plain text, and the same in simple HTML. The notification kinds take their
 * news (`NoticeValues`), the account kinds their link or address (`MailValues`).
 */
export function renderMail(kind: MailKind, locale: Locale, values: MailValues | NoticeValues): RenderedMail {
  const notice = kind === 'notification' || kind === 'digest';
  if (notice !== 'items' in values) throw new Error(`A ${kind} email was given the values of another kind`);
  return 'items' in values
    ? renderNoticeMail(kind as NoticeMailKind, locale, values)
    : renderAccountMail(kind as AccountMailKind, locale, values);
}
