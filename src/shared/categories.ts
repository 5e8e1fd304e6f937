/** The seven question categories of the spec, with names and descriptions in both languages. */
export const CATEGORIES = [
  {
    slug: 'immigration-help',
    colour: 'blue',
    name: { en: 'Immigration Help', vi: 'Hỗ trợ di trú' },
    description: { en: 'Visas, permits and legal support', vi: 'Thị thực, giấy phép và hỗ trợ pháp lý' },
  },
  {
    slug: 'student-support',
    colour: 'violet',
    name: { en: 'Student Support', vi: 'Hỗ trợ sinh viên' },
    description: { en: 'Academic help and campus life', vi: 'Hỗ trợ học tập và đời sống sinh viên' },
  },
  {
    slug: 'housing',
    colour: 'amber',
    name: { en: 'Housing', vi: 'Nhà ở' },
    description: {
      en: 'Finding accommodation and tenant rights',
      vi: 'Tìm chỗ ở và quyền của người thuê nhà',
    },
  },
  {
    slug: 'health-well-being',
    colour: 'emerald',
    name: { en: 'Health & Well-being', vi: 'Sức khỏe và tinh thần' },
    description: {
      en: 'Health care, Medicare and mental health',
      vi: 'Chăm sóc sức khỏe, Medicare và sức khỏe tinh thần',
    },
  },
  {
    slug: 'work-career',
    colour: 'cyan',
    name: { en: 'Work & Career', vi: 'Việc làm và sự nghiệp' },
    description: { en: 'Job search and work rights', vi: 'Tìm việc và quyền lợi khi đi làm' },
  },
  {
    slug: 'founders',
    colour: 'fuchsia',
    name: { en: 'Founders', vi: 'Nhà sáng lập' },
    description: { en: 'Questions for our founding members', vi: 'Câu hỏi dành cho các thành viên sáng lập' },
  },
  {
    slug: 'emergency-sos',
    colour: 'red',
    name: { en: 'Emergency SOS', vi: 'Khẩn cấp SOS' },
    description: { en: 'Urgent help needed', vi: 'Cần giúp đỡ khẩn cấp' },
  },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

const comparable = (value: string) =>
  value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('vi');
const BY_NAME = new Map<string, CategorySlug>(
  CATEGORIES.flatMap((c) =>
    [c.slug, c.name.en, c.name.vi].map((name) => [comparable(name), c.slug] as const),
  ),
);

/** A category by its slug or its display name in English or Vietnamese, whatever its case and spacing. */
export function categorySlugOf(value: string): CategorySlug | undefined {
  return BY_NAME.get(comparable(value));
}
