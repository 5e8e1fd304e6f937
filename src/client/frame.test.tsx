import { describe, expect, it } from 'vitest';
import { FRAMED_PAGES } from '../shared/routes';
import { renderFrame } from './frame';

const h1 = (html: string) => html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];

describe('the page frames', () => {
  it.each(FRAMED_PAGES)(
    '%s renders in Node, in both languages, with its header, screen and footer',
    async (page) => {
      for (const locale of ['en', 'vi'] as const) {
        const html = await renderFrame(page, locale);
        expect(html).toContain('<header id="site-header"');
        expect(html).toContain('<footer');
        // The Content Security Policy would block a style attribute.
        expect(html).not.toContain(' style=');
        // The screen itself, not the skeleton shown while its code loads.
        expect(h1(html), `${page} ${locale}`).toBeTruthy();
      }
    },
  );

  it('speaks the language asked for, and marks where the reader is', async () => {
    expect(h1(await renderFrame('/faq', 'en'))).toBe('Frequently Asked Questions');
    const vi = await renderFrame('/faq', 'vi');
    expect(h1(vi)).toBe('Câu hỏi thường gặp');
    expect(vi).toContain('Đăng nhập');
    expect(await renderFrame('/latest', 'en')).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/latest"/);
  });

  it('is the same whichever pages were rendered before it: nothing loaded later finds its way in', async () => {
    const first = await renderFrame('/', 'en');
    for (const page of FRAMED_PAGES) await renderFrame(page, 'vi');
    expect(await renderFrame('/', 'en')).toBe(first);
    expect(first).not.toContain('Open chat options');
  });
});
