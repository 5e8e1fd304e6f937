import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/languages';
import { useTestApp } from './test/helpers';

describe('GET /sitemap.xml', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://mentorme.example', MAIL_DISABLED: 'true' });

  it('lists every public page with its address in every language as its alternates', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'mentorme.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const base = 'https://mentorme.example';
    expect(response.body).toContain(`<url><loc>${base}/faq</loc>`);
    for (const code of LOCALES)
      expect(response.body).toContain(`hreflang="${code}" href="${base}/faq?lang=${code}"`);
    expect(response.body).toContain(`hreflang="x-default" href="${base}/faq"`);
    // Only public pages: nothing of a member's or an admin's.
    expect(response.body).not.toMatch(/\/(admin|profile|notifications)</);
  });
});
