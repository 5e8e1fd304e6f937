import type { Locale } from '../../../shared/constants';
import { translate, type MessageKey } from '../../../shared/i18n';
import type { MailKind } from '../../db/schema';

/** What an email needs besides its texts: whom it greets, the link it carries, the address a notice names. */
export type MailValues = { name: string; link?: string; newEmail?: string };
export type RenderedMail = { subject: string; text: string; html: string };

/** The texts of each kind, under `mail.<block>` in shared/i18n/mail.*.ts; a kind with a link has an action. */
const BLOCKS: Record<MailKind, { block: string; link: boolean }> = {
  'verify-email': { block: 'verifyEmail', link: true },
  'change-email': { block: 'changeEmail', link: true },
  'email-change-notice': { block: 'emailChangeNotice', link: false },
  'reset-password': { block: 'resetPassword', link: true },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One email in the recipient's language: plain text, and the same in simple HTML. */
export function renderMail(kind: MailKind, locale: Locale, values: MailValues): RenderedMail {
  const { block, link } = BLOCKS[kind];
  const t = (key: string) => translate(locale, `mail.${key}` as MessageKey, values);
  const paragraphs = [t('greeting'), t(`${block}.intro`)];
  const after = [...(link ? [t(`${block}.expiry`)] : []), t(`${block}.notYou`)];
  const href = link ? values.link : undefined;
  if (link && !href) throw new Error(`A ${kind} email needs its link`);

  const text = [
    ...paragraphs,
    ...(href ? [`${t(`${block}.action`)}:\n${href}`] : []),
    ...after,
    `${t('signature')}\n${t('footer')}`,
  ].join('\n\n');

  const p = (content: string) => `<p style="margin:0 0 16px">${escapeHtml(content)}</p>`;
  const button = href
    ? `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(t(`${block}.action`))}</a></p>` +
      `<p style="margin:0 0 16px;font-size:14px;color:#374151">${escapeHtml(t('linkHelp'))}<br><a href="${escapeHtml(href)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(href)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t(`${block}.subject`))}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
${paragraphs.map(p).join('\n')}
${button}
${after.map(p).join('\n')}
<p style="margin:24px 0 0;font-weight:600">${escapeHtml(t('signature'))}</p>
<p style="margin:8px 0 0;font-size:13px;color:#4b5563">${escapeHtml(t('footer'))}</p>
</div>
</body></html>
`;
  return { subject: t(`${block}.subject`), text, html };
}
