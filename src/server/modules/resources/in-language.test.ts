import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERPRETER_LINE_ID } from '../../../shared/directory';
import { type GovernmentService } from '../../../shared/schemas/resources';
import { helpInLanguageResponseSchema, type HelpInLanguage } from '../../../shared/schemas/help-in-language';
import { governmentServices } from '../../db/schema';
import { syncHelpContent, type PlacedOrganisation } from '../../db/seed/help-content';
import { findLocality } from '../../lib/postcodes';
import { useTestApp } from '../../test/helpers';

function organisation(
  id: string,
  suburb: string,
  postcode: string,
  state: PlacedOrganisation['state'],
  supportedLanguages: PlacedOrganisation['supportedLanguages'],
  category: PlacedOrganisation['category'] = 'community',
): PlacedOrganisation {
  const locality = findLocality(suburb, postcode)!;
  return {
    id,
    name: id,
    category,
    description: { en: `${id} helps.`, vi: `${id} giúp đỡ.` },
    address: '1 Example Street',
    suburb,
    postcode,
    state,
    services: [],
    supportedLanguages,
    source: 'https://www.example.org.au/',
    lastReviewed: '2026-11-20',
    lat: locality.lat,
    lng: locality.lng,
  };
}

function service(
  id: string,
  state: GovernmentService['location']['state'],
  languages: GovernmentService['languages'],
): GovernmentService {
  return {
    id,
    title: { en: id, vi: `${id} (vi)` },
    description: { en: `About ${id}.`, vi: `Về ${id}.` },
    category: 'healthcare',
    department: 'Health',
    eligibility: [],
    contactInfo: { phone: '1800 000 000' },
    languages,
    location: { state },
    source: 'https://www.health.gov.au/',
    lastUpdated: '2026-11-23',
  };
}

const INTERPRETER = { en: 'Free interpreter on request', vi: 'Có thông dịch viên miễn phí khi yêu cầu' };

describe('GET /api/resources/in-language', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await syncHelpContent(t.db, {
      organisations: [
        organisation('sunshine-vietnamese', 'Sunshine', '3020', 'VIC', ['English', 'Vietnamese']),
        organisation('footscray-vietnamese', 'Footscray', '3011', 'VIC', ['Vietnamese']),
        // An aged-care home: specialised, so after the general services though its suburb comes first.
        organisation('braybrook-aged-care', 'Braybrook', '3019', 'VIC', ['Vietnamese'], 'healthcare'),
        organisation('albion-settlement', 'Albion', '3020', 'VIC', ['Vietnamese'], 'immigration'),
        // An interpreter on request is not Vietnamese spoken there.
        organisation('carlton-interpreter', 'Carlton', '3053', 'VIC', ['English', INTERPRETER]),
        organisation('cabramatta-vietnamese', 'Cabramatta', '2166', 'NSW', ['Vietnamese']),
      ],
      services: [
        service('nsw-line', 'NSW', ['English', 'Vietnamese']),
        service('vic-arabic-line', 'VIC', ['Arabic']),
        service('national-in-vietnamese', 'national', ['English', 'Vietnamese']),
        service('national-english', 'national', ['English']),
        service(INTERPRETER_LINE_ID, 'national', [{ en: 'More than 150 languages', vi: 'Hơn 150 ngôn ngữ' }]),
      ],
    });
  });

  const get = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url: `/api/resources/in-language?${query}`, headers });
    return { status: response.statusCode, body: response.json<HelpInLanguage>() };
  };
  const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);

  it('gives a state’s organisations that speak the language, general ones first, and its services that name it, then the national ways, the interpreter line first', async () => {
    const { status, body } = await get('state=VIC&language=Vietnamese');
    expect(status).toBe(200);
    expect(helpInLanguageResponseSchema.strict().safeParse(body).success).toBe(true);
    expect(body.state).toBe('VIC');
    expect(ids(body.organisations)).toEqual([
      'albion-settlement',
      'footscray-vietnamese',
      'sunshine-vietnamese',
      'braybrook-aged-care',
    ]);
    expect(body.government).toEqual([]);
    expect(ids(body.national)).toEqual([INTERPRETER_LINE_ID, 'national-in-vietnamese']);

    const nsw = (await get('state=NSW')).body;
    expect(nsw.language).toBe('Vietnamese');
    expect(ids(nsw.organisations)).toEqual(['cabramatta-vietnamese']);
    expect(ids(nsw.government)).toEqual(['nsw-line']);
  });

  it('gives every state at least the national ways, and nothing of a state without one asked', async () => {
    const tas = (await get('state=TAS')).body;
    expect(tas.organisations).toEqual([]);
    expect(tas.government).toEqual([]);
    expect(ids(tas.national)).toEqual([INTERPRETER_LINE_ID, 'national-in-vietnamese']);
    const anywhere = (await get('')).body;
    expect(anywhere.state).toBeNull();
    expect(anywhere.organisations).toEqual([]);
    expect(ids(anywhere.national)).toEqual([INTERPRETER_LINE_ID, 'national-in-vietnamese']);
  });

  it('speaks the reader’s language, tells spoken languages from interpreter notes, and leaves out archived services', async () => {
    const vi = (await get('state=VIC&language=English&lang=vi')).body;
    expect(ids(vi.organisations)).toEqual(['carlton-interpreter', 'sunshine-vietnamese']);
    expect(vi.organisations[0]).toMatchObject({
      description: 'carlton-interpreter giúp đỡ.',
      spokenLanguages: ['Tiếng Anh'],
      interpreterNotes: ['Có thông dịch viên miễn phí khi yêu cầu'],
    });
    expect(vi.national[0]).toMatchObject({ id: INTERPRETER_LINE_ID, title: `${INTERPRETER_LINE_ID} (vi)` });

    await t.db
      .update(governmentServices)
      .set({ archivedAt: new Date() })
      .where(eq(governmentServices.id, 'national-in-vietnamese'));
    try {
      expect(ids((await get('state=VIC')).body.national)).toEqual([INTERPRETER_LINE_ID]);
    } finally {
      await t.db
        .update(governmentServices)
        .set({ archivedAt: null })
        .where(eq(governmentServices.id, 'national-in-vietnamese'));
    }
  });

  it('refuses a language or a state it does not know, in the reader’s language', async () => {
    const language = await get('language=Klingon', { 'accept-language': 'vi' });
    expect(language.status).toBe(400);
    expect((language.body as unknown as { error: string }).error).toBe(
      'Vui lòng chọn một trong các ngôn ngữ.',
    );
    const state = await get('state=XYZ');
    expect(state.status).toBe(400);
  });
});
