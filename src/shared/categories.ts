import { LOCALES, type Locale } from './languages';

/** The seven question categories of the spec, with names and descriptions in every language. */
export const CATEGORIES = [
  {
    slug: 'immigration-help',
    colour: 'blue',
    name: { en: 'Immigration Help', vi: 'Hỗ trợ di trú', 'zh-Hans': '移民帮助', ne: 'अध्यागमन सहायता' },
    description: {
      en: 'Visas, permits and legal support',
      vi: 'Thị thực, giấy phép và hỗ trợ pháp lý',
      'zh-Hans': '签证、许可和法律支持',
      ne: 'भिसा, अनुमति र कानुनी सहायता',
    },
  },
  {
    slug: 'student-support',
    colour: 'violet',
    name: { en: 'Student Support', vi: 'Hỗ trợ sinh viên', 'zh-Hans': '学生支持', ne: 'विद्यार्थी सहायता' },
    description: {
      en: 'Academic help and campus life',
      vi: 'Hỗ trợ học tập và đời sống sinh viên',
      'zh-Hans': '学业帮助和校园生活',
      ne: 'पढाइमा सहयोग र क्याम्पस जीवन',
    },
  },
  {
    slug: 'housing',
    colour: 'amber',
    name: { en: 'Housing', vi: 'Nhà ở', 'zh-Hans': '住房', ne: 'आवास' },
    description: {
      en: 'Finding accommodation and tenant rights',
      vi: 'Tìm chỗ ở và quyền của người thuê nhà',
      'zh-Hans': '找住处和租客的权利',
      ne: 'बस्ने ठाउँ खोज्ने र भाडामा बस्नेका अधिकार',
    },
  },
  {
    slug: 'health-well-being',
    colour: 'emerald',
    name: {
      en: 'Health & Well-being',
      vi: 'Sức khỏe và tinh thần',
      'zh-Hans': '身心健康',
      ne: 'स्वास्थ्य र मानसिक स्वास्थ्य',
    },
    description: {
      en: 'Health care, Medicare and mental health',
      vi: 'Chăm sóc sức khỏe, Medicare và sức khỏe tinh thần',
      'zh-Hans': '看病、Medicare（公共医疗保险）和心理健康',
      ne: 'स्वास्थ्य सेवा, Medicare (सरकारी स्वास्थ्य बीमा) र मानसिक स्वास्थ्य',
    },
  },
  {
    slug: 'work-career',
    colour: 'cyan',
    name: { en: 'Work & Career', vi: 'Việc làm và sự nghiệp', 'zh-Hans': '工作与职业', ne: 'काम र करियर' },
    description: {
      en: 'Job search and work rights',
      vi: 'Tìm việc và quyền lợi khi đi làm',
      'zh-Hans': '找工作和工作中的权利',
      ne: 'काम खोज्ने र कामदारका अधिकार',
    },
  },
  {
    slug: 'founders',
    colour: 'fuchsia',
    name: { en: 'Founders', vi: 'Nhà sáng lập', 'zh-Hans': '创始人', ne: 'संस्थापकहरू' },
    description: {
      en: 'Questions for our founding members',
      vi: 'Câu hỏi dành cho các thành viên sáng lập',
      'zh-Hans': '向我们的创始成员提问',
      ne: 'हाम्रा संस्थापक सदस्यहरूलाई प्रश्न',
    },
  },
  {
    slug: 'emergency-sos',
    colour: 'red',
    name: { en: 'Emergency SOS', vi: 'Khẩn cấp SOS', 'zh-Hans': '紧急求助 SOS', ne: 'आपतकालीन SOS' },
    description: {
      en: 'Urgent help needed',
      vi: 'Cần giúp đỡ khẩn cấp',
      'zh-Hans': '需要紧急帮助',
      ne: 'तुरुन्त सहायता चाहिन्छ',
    },
  },
] as const satisfies readonly {
  slug: string;
  colour: string;
  name: Record<Locale, string>;
  description: Record<Locale, string>;
}[];

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

const comparable = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
const BY_NAME = new Map<string, CategorySlug>(
  CATEGORIES.flatMap((c) =>
    [c.slug, ...LOCALES.map((locale) => c.name[locale])].map((name) => [comparable(name), c.slug] as const),
  ),
);

/** A category by its slug or its display name in any language, whatever its case and spacing. */
export function categorySlugOf(value: string): CategorySlug | undefined {
  return BY_NAME.get(comparable(value));
}

const BY_SLUG = new Map<string, (typeof CATEGORIES)[number]>(CATEGORIES.map((c) => [c.slug, c]));

/** A category's name and description in the reader's language; undefined for a slug that names none. */
export function categoryTexts(
  slug: string,
  locale: Locale,
): { name: string; description: string } | undefined {
  const category = BY_SLUG.get(slug);
  return category && { name: category.name[locale], description: category.description[locale] };
}
