import { inReaderLanguage, type Locale } from '../languages';

/**
 * The languages a service names: each by its English name (the key), and in every language we speak other than
 * English. Content files write a language by its English name (a key here) or, for anything else such as "Free
 * interpreter on request", as an `{ en, vi }` text.
 */
export const LANGUAGE_NAMES = {
  English: { vi: 'Tiếng Anh', 'zh-Hans': '英语', ne: 'अंग्रेजी' },
  Vietnamese: { vi: 'Tiếng Việt', 'zh-Hans': '越南语', ne: 'भियतनामी' },
  Mandarin: { vi: 'Tiếng Quan Thoại', 'zh-Hans': '普通话', ne: 'मन्डारिन' },
  Cantonese: { vi: 'Tiếng Quảng Đông', 'zh-Hans': '粤语', ne: 'क्यान्टोनिज' },
  Chinese: { vi: 'Tiếng Trung', 'zh-Hans': '汉语', ne: 'चिनियाँ' },
  Arabic: { vi: 'Tiếng Ả Rập', 'zh-Hans': '阿拉伯语', ne: 'अरबी' },
  Hindi: { vi: 'Tiếng Hindi', 'zh-Hans': '印地语', ne: 'हिन्दी' },
  Punjabi: { vi: 'Tiếng Punjab', 'zh-Hans': '旁遮普语', ne: 'पञ्जाबी' },
  Nepali: { vi: 'Tiếng Nepal', 'zh-Hans': '尼泊尔语', ne: 'नेपाली' },
  Korean: { vi: 'Tiếng Hàn', 'zh-Hans': '韩语', ne: 'कोरियाली' },
  Japanese: { vi: 'Tiếng Nhật', 'zh-Hans': '日语', ne: 'जापानी' },
  Thai: { vi: 'Tiếng Thái', 'zh-Hans': '泰语', ne: 'थाई' },
  Indonesian: { vi: 'Tiếng Indonesia', 'zh-Hans': '印尼语', ne: 'इन्डोनेसियाली' },
  Malay: { vi: 'Tiếng Mã Lai', 'zh-Hans': '马来语', ne: 'मलाय' },
  Filipino: { vi: 'Tiếng Philippines', 'zh-Hans': '菲律宾语', ne: 'फिलिपिनो' },
  Tagalog: { vi: 'Tiếng Tagalog', 'zh-Hans': '他加禄语', ne: 'टागालोग' },
  Spanish: { vi: 'Tiếng Tây Ban Nha', 'zh-Hans': '西班牙语', ne: 'स्पेनिस' },
  Portuguese: { vi: 'Tiếng Bồ Đào Nha', 'zh-Hans': '葡萄牙语', ne: 'पोर्चुगिज' },
  Italian: { vi: 'Tiếng Ý', 'zh-Hans': '意大利语', ne: 'इटालियन' },
  Greek: { vi: 'Tiếng Hy Lạp', 'zh-Hans': '希腊语', ne: 'ग्रिक' },
  Persian: { vi: 'Tiếng Ba Tư', 'zh-Hans': '波斯语', ne: 'फारसी' },
  Farsi: { vi: 'Tiếng Farsi', 'zh-Hans': '波斯语（法尔西语）', ne: 'फार्सी' },
  Dari: { vi: 'Tiếng Dari', 'zh-Hans': '达利语', ne: 'दारी' },
  Pashto: { vi: 'Tiếng Pashto', 'zh-Hans': '普什图语', ne: 'पश्तो' },
  Hazaragi: { vi: 'Tiếng Hazaragi', 'zh-Hans': '哈扎拉吉语', ne: 'हजारगी' },
  Urdu: { vi: 'Tiếng Urdu', 'zh-Hans': '乌尔都语', ne: 'उर्दु' },
  Bengali: { vi: 'Tiếng Bengal', 'zh-Hans': '孟加拉语', ne: 'बङ्गाली' },
  Tamil: { vi: 'Tiếng Tamil', 'zh-Hans': '泰米尔语', ne: 'तमिल' },
  Sinhala: { vi: 'Tiếng Sinhala', 'zh-Hans': '僧伽罗语', ne: 'सिंहाली' },
  Telugu: { vi: 'Tiếng Telugu', 'zh-Hans': '泰卢固语', ne: 'तेलुगु' },
  Malayalam: { vi: 'Tiếng Malayalam', 'zh-Hans': '马拉雅拉姆语', ne: 'मलयालम' },
  Gujarati: { vi: 'Tiếng Gujarat', 'zh-Hans': '古吉拉特语', ne: 'गुजराती' },
  Khmer: { vi: 'Tiếng Khmer', 'zh-Hans': '高棉语', ne: 'खमेर' },
  Lao: { vi: 'Tiếng Lào', 'zh-Hans': '老挝语', ne: 'लाओ' },
  Burmese: { vi: 'Tiếng Miến Điện', 'zh-Hans': '缅甸语', ne: 'बर्मेली' },
  Karen: { vi: 'Tiếng Karen', 'zh-Hans': '克伦语', ne: 'करेन' },
  'Hakha Chin': { vi: 'Tiếng Chin Hakha', 'zh-Hans': '哈卡钦语', ne: 'हाखा चिन' },
  Rohingya: { vi: 'Tiếng Rohingya', 'zh-Hans': '罗兴亚语', ne: 'रोहिङ्ग्या' },
  Mongolian: { vi: 'Tiếng Mông Cổ', 'zh-Hans': '蒙古语', ne: 'मङ्गोलियाली' },
  Tetum: { vi: 'Tiếng Tetum', 'zh-Hans': '德顿语', ne: 'टेटुम' },
  Hmong: { vi: 'Tiếng H’Mông', 'zh-Hans': '苗语', ne: 'हमोङ' },
  Swahili: { vi: 'Tiếng Swahili', 'zh-Hans': '斯瓦希里语', ne: 'स्वाहिली' },
  Somali: { vi: 'Tiếng Somali', 'zh-Hans': '索马里语', ne: 'सोमाली' },
  Amharic: { vi: 'Tiếng Amhara', 'zh-Hans': '阿姆哈拉语', ne: 'अम्हारिक' },
  Tigrinya: { vi: 'Tiếng Tigrinya', 'zh-Hans': '提格利尼亚语', ne: 'टिग्रिन्या' },
  Oromo: { vi: 'Tiếng Oromo', 'zh-Hans': '奥罗莫语', ne: 'ओरोमो' },
  Dinka: { vi: 'Tiếng Dinka', 'zh-Hans': '丁卡语', ne: 'डिंका' },
  Nuer: { vi: 'Tiếng Nuer', 'zh-Hans': '努尔语', ne: 'नुएर' },
  Kirundi: { vi: 'Tiếng Kirundi', 'zh-Hans': '基隆迪语', ne: 'किरुन्डी' },
  Kinyarwanda: { vi: 'Tiếng Kinyarwanda', 'zh-Hans': '卢旺达语', ne: 'किन्यारवान्डा' },
  French: { vi: 'Tiếng Pháp', 'zh-Hans': '法语', ne: 'फ्रेन्च' },
  German: { vi: 'Tiếng Đức', 'zh-Hans': '德语', ne: 'जर्मन' },
  Dutch: { vi: 'Tiếng Hà Lan', 'zh-Hans': '荷兰语', ne: 'डच' },
  Kurdish: { vi: 'Tiếng Kurd', 'zh-Hans': '库尔德语', ne: 'कुर्दिस' },
  Assyrian: { vi: 'Tiếng Assyria', 'zh-Hans': '亚述语', ne: 'असिरियाली' },
  Turkish: { vi: 'Tiếng Thổ Nhĩ Kỳ', 'zh-Hans': '土耳其语', ne: 'टर्किस' },
  Hebrew: { vi: 'Tiếng Do Thái', 'zh-Hans': '希伯来语', ne: 'हिब्रू' },
  Armenian: { vi: 'Tiếng Armenia', 'zh-Hans': '亚美尼亚语', ne: 'आर्मेनियाली' },
  Russian: { vi: 'Tiếng Nga', 'zh-Hans': '俄语', ne: 'रुसी' },
  Ukrainian: { vi: 'Tiếng Ukraina', 'zh-Hans': '乌克兰语', ne: 'युक्रेनी' },
  Polish: { vi: 'Tiếng Ba Lan', 'zh-Hans': '波兰语', ne: 'पोलिस' },
  Croatian: { vi: 'Tiếng Croatia', 'zh-Hans': '克罗地亚语', ne: 'क्रोएसियाली' },
  Serbian: { vi: 'Tiếng Serbia', 'zh-Hans': '塞尔维亚语', ne: 'सर्बियाली' },
  Bosnian: { vi: 'Tiếng Bosnia', 'zh-Hans': '波斯尼亚语', ne: 'बोस्नियाली' },
  Macedonian: { vi: 'Tiếng Macedonia', 'zh-Hans': '马其顿语', ne: 'म्यासेडोनियाली' },
  Albanian: { vi: 'Tiếng Albania', 'zh-Hans': '阿尔巴尼亚语', ne: 'अल्बानियाली' },
  Romanian: { vi: 'Tiếng Romania', 'zh-Hans': '罗马尼亚语', ne: 'रोमानियाली' },
  Hungarian: { vi: 'Tiếng Hungary', 'zh-Hans': '匈牙利语', ne: 'हङ्गेरियाली' },
  Maltese: { vi: 'Tiếng Malta', 'zh-Hans': '马耳他语', ne: 'माल्टिज' },
  Samoan: { vi: 'Tiếng Samoa', 'zh-Hans': '萨摩亚语', ne: 'सामोआ' },
  Tongan: { vi: 'Tiếng Tonga', 'zh-Hans': '汤加语', ne: 'टोङ्गन' },
  Fijian: { vi: 'Tiếng Fiji', 'zh-Hans': '斐济语', ne: 'फिजियन' },
  Kriol: { vi: 'Tiếng Kriol', 'zh-Hans': '澳大利亚克里奥尔语', ne: 'क्रियोल' },
  Auslan: {
    vi: 'Ngôn ngữ ký hiệu Auslan',
    'zh-Hans': 'Auslan（澳大利亚手语）',
    ne: 'Auslan (अस्ट्रेलियाली साङ्केतिक भाषा)',
  },
} as const satisfies Record<string, Record<Exclude<Locale, 'en'>, string>>;

export type LanguageName = keyof typeof LANGUAGE_NAMES;
export const LANGUAGE_KEYS = Object.keys(LANGUAGE_NAMES) as [LanguageName, ...LanguageName[]];

/** A note the directory writes in place of a language ("Free interpreter on request"), in its languages. */
type LanguageNote = { en: string } & { [L in Locale]?: string };

/** A language as the reader reads it: a name from the table, or the note in their language (else in English). */
export function languageText(entry: LanguageName | LanguageNote, locale: Locale): string {
  if (typeof entry !== 'string') return inReaderLanguage(entry, locale);
  return inReaderLanguage({ en: entry, ...LANGUAGE_NAMES[entry] }, locale);
}

/** Whether a listed language is a note about interpreting ("Free interpreter on request"), not a language spoken. */
export function isInterpreterNote(entry: LanguageName | LanguageNote): boolean {
  return typeof entry !== 'string' && /interpret|translat/i.test(entry.en);
}

/**
 * Languages a mentor can help in: English and Vietnamese first, then the languages most spoken by international
 * students in Australia (by their countries of citizenship: China, India, Nepal, the Philippines, Colombia and
 * Latin America, Pakistan, Indonesia, Thailand, Sri Lanka, Brazil, Korea, Bangladesh), as codes in addresses.
 */
export const MENTOR_LANGUAGES = [
  'en',
  'vi',
  'zh',
  'hi',
  'ne',
  'pa',
  'ur',
  'fil',
  'es',
  'id',
  'th',
  'si',
  'ta',
  'pt',
  'ko',
  'bn',
  'ar',
] as const;
export type MentorLanguage = (typeof MENTOR_LANGUAGES)[number];

/** Each one's name in the directory's table of languages (languages.ts), which has it in both languages. */
const MENTOR_LANGUAGE_NAMES: Record<MentorLanguage, LanguageName> = {
  en: 'English',
  vi: 'Vietnamese',
  zh: 'Mandarin',
  hi: 'Hindi',
  ne: 'Nepali',
  pa: 'Punjabi',
  ur: 'Urdu',
  fil: 'Filipino',
  es: 'Spanish',
  id: 'Indonesian',
  th: 'Thai',
  si: 'Sinhala',
  ta: 'Tamil',
  pt: 'Portuguese',
  ko: 'Korean',
  bn: 'Bengali',
  ar: 'Arabic',
};

/** A mentor language's name for the reader ("Vietnamese", "Tiếng Việt"); an unknown code as it is. */
export function mentorLanguageName(code: string, locale: Locale): string {
  const name = MENTOR_LANGUAGE_NAMES[code as MentorLanguage];
  return name ? languageText(name, locale) : code;
}
