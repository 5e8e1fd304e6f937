import type { Locale } from '../../../shared/languages';
import type { CategorySlug } from '../../../shared/categories';
import type { AUS_STATES } from '../../../shared/directory';
import { australianToday } from '../../../shared/australian-date';
import type { MentorLanguage } from '../../../shared/schemas/mentors';
import type { ProfileText } from '../../../shared/schemas/content';

export type DemoProfile = {
  email: string;
  displayName: string;
  role: 'student' | 'mentor' | 'admin';
  locale: Locale;
  founding: boolean;
  headline?: string;
  story?: string;
  countryPath?: string;
  expertise?: string[];
  /** The profile in Vietnamese: founding members are shown to readers of both languages. */
  vi?: ProfileText;
  /** A mentor's card in the directory: topics, languages, place, capacity, and days away from the seeding. */
  mentor?: {
    topics: CategorySlug[];
    languages: MentorLanguage[];
    state: (typeof AUS_STATES)[number];
    city: string;
    capacity?: number;
    awayDays?: number;
  };
};

/**
 * Sample accounts for demo mode. They are labelled as demo profiles everywhere they appear;
 * the first admin, mentor and student back the login page's demo buttons.
 */
export const DEMO_PROFILES: DemoProfile[] = [
  {
    email: 'admin@demo.mentorme.example',
    displayName: 'Demo Admin',
    role: 'admin',
    locale: 'en',
    founding: true,
    headline: 'Community moderator (demo profile)',
    story: 'A sample profile that shows how a moderator appears in Mentor Me.',
    countryPath: 'Vietnam → Australia',
    expertise: ['moderation', 'community'],
    vi: {
      headline: 'Người điều hành cộng đồng (hồ sơ mẫu)',
      story: 'Một hồ sơ mẫu cho thấy người điều hành xuất hiện thế nào trên Mentor Me.',
      countryPath: 'Việt Nam → Úc',
      expertise: ['điều hành', 'cộng đồng'],
    },
  },
  {
    email: 'mentor@demo.mentorme.example',
    displayName: 'Demo Mentor',
    role: 'mentor',
    locale: 'vi',
    founding: true,
    headline: 'Peer mentor for study and work (demo profile)',
    story: 'A sample mentor profile: in a real community this is where a mentor tells their own journey.',
    countryPath: 'Vietnam → Melbourne',
    expertise: ['student life', 'part-time work', 'housing'],
    mentor: {
      topics: ['student-support', 'work-career', 'housing'],
      languages: ['vi', 'en'],
      state: 'VIC',
      city: 'Melbourne',
      // Behind the demo button: everyone trying the demo starts a chat with this mentor.
      capacity: 10,
    },
    vi: {
      headline: 'Người hướng dẫn đồng hành về học tập và việc làm (hồ sơ mẫu)',
      story:
        'Một hồ sơ người hướng dẫn mẫu: trong một cộng đồng thật, đây là nơi người hướng dẫn kể về hành trình của chính mình.',
      countryPath: 'Việt Nam → Melbourne',
      expertise: ['đời sống sinh viên', 'việc làm bán thời gian', 'nhà ở'],
    },
  },
  {
    email: 'student@demo.mentorme.example',
    displayName: 'Demo Student',
    role: 'student',
    locale: 'en',
    founding: false,
  },
  {
    email: 'student2@demo.mentorme.example',
    displayName: 'Linh (demo)',
    role: 'student',
    locale: 'vi',
    founding: false,
  },
  {
    email: 'student3@demo.mentorme.example',
    displayName: 'Sam (demo)',
    role: 'student',
    locale: 'en',
    founding: false,
  },
  {
    email: 'career-mentor@demo.mentorme.example',
    displayName: 'Demo Career Mentor',
    role: 'mentor',
    locale: 'en',
    founding: true,
    headline: 'Peer mentor for careers (demo profile)',
    story: 'A sample profile for a mentor who helps with résumés and first jobs.',
    countryPath: 'Vietnam → Sydney',
    expertise: ['careers', 'résumés', 'interviews'],
    mentor: { topics: ['work-career'], languages: ['en', 'vi'], state: 'NSW', city: 'Sydney', capacity: 3 },
    vi: {
      headline: 'Người hướng dẫn đồng hành về nghề nghiệp (hồ sơ mẫu)',
      story: 'Một hồ sơ mẫu cho người hướng dẫn giúp viết hồ sơ xin việc (résumé) và tìm công việc đầu tiên.',
      countryPath: 'Việt Nam → Sydney',
      expertise: ['nghề nghiệp', 'hồ sơ xin việc', 'phỏng vấn'],
    },
  },
  {
    email: 'housing-mentor@demo.mentorme.example',
    displayName: 'Demo Housing Mentor',
    role: 'mentor',
    locale: 'vi',
    founding: false,
    headline: 'Renting, bonds and share houses in Melbourne (demo profile)',
    story:
      'A sample profile for a mentor who helps with a first lease, the bond and living in a share house. In a real community a mentor writes their own story here.',
    countryPath: 'Vietnam → Australia',
    mentor: {
      topics: ['housing', 'student-support'],
      languages: ['vi', 'en'],
      state: 'VIC',
      city: 'Footscray',
    },
    vi: {
      headline: 'Thuê nhà, tiền đặt cọc (bond) và ở nhà chung tại Melbourne (hồ sơ mẫu)',
      story:
        'Một hồ sơ mẫu cho người hướng dẫn giúp về hợp đồng thuê nhà đầu tiên, tiền đặt cọc và cuộc sống ở nhà chung. Trong một cộng đồng thật, người hướng dẫn sẽ tự kể câu chuyện của mình ở đây.',
      countryPath: 'Việt Nam → Úc',
      expertise: [],
    },
  },
  {
    email: 'health-mentor@demo.mentorme.example',
    displayName: 'Demo Wellbeing Mentor',
    role: 'mentor',
    locale: 'en',
    founding: false,
    headline: 'Finding a GP, Medicare and OSHC, and looking after yourself (demo profile)',
    story: 'A sample profile for a mentor who helps people find health care and support services.',
    countryPath: 'India → Australia',
    vi: {
      headline: 'Tìm bác sĩ gia đình (GP), Medicare và OSHC, và chăm sóc bản thân (hồ sơ mẫu)',
      story: 'Một hồ sơ mẫu cho người hướng dẫn giúp mọi người tìm dịch vụ y tế và hỗ trợ.',
      countryPath: 'Ấn Độ → Úc',
      expertise: [],
    },
    mentor: {
      topics: ['health-well-being', 'student-support'],
      languages: ['en', 'hi', 'pa'],
      state: 'QLD',
      city: 'Brisbane',
    },
  },
  {
    email: 'visa-mentor@demo.mentorme.example',
    displayName: 'Demo Pathways Mentor',
    role: 'mentor',
    locale: 'en',
    founding: false,
    headline: 'What studying and working on a student visa was like for me (demo profile)',
    story:
      'A sample profile for a mentor who shares their own experience of study and work conditions. Visa advice comes only from a registered migration agent.',
    countryPath: 'Nepal → Australia',
    vi: {
      headline: 'Kinh nghiệm của tôi khi học và làm việc với thị thực du học (hồ sơ mẫu)',
      story:
        'Một hồ sơ mẫu cho người hướng dẫn chia sẻ kinh nghiệm riêng về điều kiện học tập và làm việc. Lời khuyên về thị thực chỉ đến từ đại diện di trú có đăng ký.',
      countryPath: 'Nepal → Úc',
      expertise: [],
    },
    mentor: {
      topics: ['immigration-help', 'work-career'],
      languages: ['en', 'ne'],
      state: 'SA',
      city: 'Adelaide',
      awayDays: 14,
    },
  },
];

/** A demo mentor's directory fields. */
export function mentorFields(profile: DemoProfile) {
  const card = profile.mentor;
  if (!card) return {};
  const away = card.awayDays
    ? new Date(Date.parse(`${australianToday()}T00:00:00Z`) + card.awayDays * 86_400_000)
        .toISOString()
        .slice(0, 10)
    : null;
  return {
    topics: card.topics,
    languages: card.languages,
    state: card.state,
    city: card.city,
    capacity: card.capacity ?? 5,
    awayUntil: away,
  };
}
