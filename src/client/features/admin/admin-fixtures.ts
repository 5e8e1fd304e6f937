/** Test data for the dashboard's tests (imported by *.test.tsx and admin-server.ts only). */
import type { User } from '../../../shared/schemas/auth';
import type {
  AdminQuestion,
  AdminReport,
  AdminStats,
  AdminUser,
  AuditEntry,
} from '../../../shared/schemas/admin';
import type { FailedEmail } from '../../../shared/schemas/mail';
import type {
  AdminDirectoryEntry,
  AdminDirectoryReport,
  AdminDirectoryRow,
} from '../../../shared/schemas/directory';
import type { ServiceStatusItem } from '../../../shared/schemas/government';
import { sampleUser } from '../../test/helpers';

export const adminUser: User = {
  ...sampleUser,
  id: 'a1',
  email: 'admin@example.com',
  displayName: 'Ada Admin',
  role: 'admin',
};

export const stats: AdminStats = {
  totalQuestions: 1234,
  activeUsers: 87,
  totalMentors: 12,
  pendingReports: 3,
  unansweredQuestions: 5,
  urgentWithoutHumanReply: 2,
  mentorsToVerify: 1,
  failedAiJobs: 4,
  failedEmails: 2,
  directoryNeedsReview: 6,
  outdatedReports: 1,
  generatedAt: '2026-03-14T01:00:00.000Z',
};

export const question: AdminQuestion = {
  id: 'q1',
  title: 'Where do I get a tax file number?',
  category: 'Work & Career',
  categorySlug: 'work-career',
  isUrgent: false,
  isAnonymous: true,
  author: { id: 'u1', displayName: 'Lan', role: 'student' },
  createdAt: '2026-03-01T12:00:00.000Z',
  upvotes: 2,
  replyCount: 3,
  humanReplyCount: 1,
  openReports: 2,
};

const person = {
  createdAt: '2026-01-01T12:00:00.000Z',
  lastSeenAt: '2026-03-10T12:00:00.000Z',
  mentorVerified: false,
  emailVerified: true,
  isDemo: false,
  questionCount: 0,
  replyCount: 0,
  headline: null,
  story: null,
  countryPath: null,
  expertise: [],
  topics: [],
  languages: [],
  state: null,
  city: null,
  chatFeedback: null,
};

export const users: AdminUser[] = [
  { ...person, id: 'u1', email: 'lan@example.com', displayName: 'Lan', role: 'student', questionCount: 4 },
  {
    ...person,
    id: 'u2',
    email: 'minh@example.com',
    displayName: 'Minh',
    role: 'mentor',
    mentorVerified: true,
    replyCount: 9,
    chatFeedback: {
      helpful: 3,
      notHelpful: 1,
      notes: [{ helpful: false, note: 'Replies came a week late.', createdAt: '2026-03-09T12:00:00.000Z' }],
    },
  },
  { ...person, id: 'a1', email: 'admin@example.com', displayName: 'Ada Admin', role: 'admin' },
];

export const applicant: AdminUser = {
  ...person,
  id: 'u3',
  email: 'thu@example.com',
  displayName: 'Thu Nguyen',
  role: 'mentor',
  headline: 'Nurse in Sydney',
  story: 'I came as a student in 2015.',
  countryPath: 'Vietnam → Australia',
  expertise: ['nursing', 'visas'],
  topics: ['health-well-being', 'student-support'],
  languages: ['vi', 'en'],
  state: 'NSW',
  city: 'Parramatta',
};

export const chatReport: AdminReport = {
  id: 'r1',
  targetType: 'message',
  status: 'open',
  reasons: [
    { reason: 'abuse', count: 2 },
    { reason: 'spam', count: 1 },
  ],
  details: ['He keeps asking for my passport number.'],
  reporterCount: 2,
  firstReportedAt: '2026-03-10T12:00:00.000Z',
  lastReportedAt: '2026-03-12T12:00:00.000Z',
  content: {
    title: 'Finding part-time work',
    text: 'Send me your passport number now',
    author: { id: 'u2', displayName: 'Minh', role: 'mentor' },
    createdAt: '2026-03-09T12:00:00.000Z',
  },
  link: null,
  context: [
    {
      id: 'm1',
      sender: { id: 'u1', displayName: 'Lan', role: 'student' },
      content: 'Hi, how did you find work?',
      createdAt: '2026-03-09T12:00:00.000Z',
      reported: false,
    },
    {
      id: 'm2',
      sender: { id: 'u2', displayName: 'Minh', role: 'mentor' },
      content: 'Send me your passport number now',
      createdAt: '2026-03-09T12:01:00.000Z',
      reported: true,
    },
  ],
  removed: false,
};

export const auditEntry: AuditEntry = {
  id: 1,
  admin: { id: 'a1', displayName: 'Ada Admin', email: 'admin@example.com' },
  action: 'user.role',
  targetType: 'user',
  targetId: 'u1',
  targetLabel: 'lan@example.com',
  reason: 'Helps in the housing topic',
  detail: 'student → mentor',
  createdAt: '2026-03-12T12:00:00.000Z',
};

export const services: ServiceStatusItem[] = [
  {
    id: 'immi',
    name: 'ImmiAccount',
    url: 'https://online.immi.gov.au',
    status: 'operational',
    lastChecked: null,
    note: 'Maintenance on Saturday',
  },
  { id: 'mygov', name: 'myGov', url: 'https://my.gov.au', status: 'operational', lastChecked: null },
];

export const failedEmail: FailedEmail = {
  id: 7,
  kind: 'reset-password',
  to: 'hoa@example.com',
  attempts: 8,
  lastError: '550 mailbox unavailable',
  createdAt: '2026-03-12T12:00:00.000Z',
};

export const directoryEntry: AdminDirectoryEntry & { type: 'organisation' } = {
  type: 'organisation',
  entry: {
    id: 'footscray-hub',
    name: 'Footscray Hub',
    category: 'community',
    description: { en: 'Settlement help.', vi: 'Hỗ trợ định cư.' },
    address: '1 Example Street',
    suburb: 'Footscray',
    state: 'VIC',
    postcode: '3011',
    phone: '03 9000 0000',
    services: [{ en: 'Advice', vi: 'Tư vấn' }],
    supportedLanguages: [
      'Vietnamese',
      { en: 'Free interpreter on request', vi: 'Có thông dịch viên miễn phí khi yêu cầu' },
    ],
    source: 'https://www.example.org.au/',
    lastReviewed: '2025-06-01',
  },
  archived: false,
  editedAt: null,
  editedBy: null,
};

export const directoryRow: AdminDirectoryRow = {
  type: 'organisation',
  id: 'footscray-hub',
  name: 'Footscray Hub',
  category: 'community',
  state: 'VIC',
  place: 'Footscray',
  lastReviewed: '2025-06-01',
  needsReview: true,
  archived: false,
  edited: false,
  openReports: 2,
};

export const outdatedReport: AdminDirectoryReport = {
  id: 'dr1',
  type: 'organisation',
  entryId: 'footscray-hub',
  status: 'open',
  problems: [
    { problem: 'phone', count: 1 },
    { problem: 'hours', count: 1 },
  ],
  notes: ['The number is now 03 9555 6666'],
  reportCount: 2,
  firstReportedAt: '2026-03-12T00:00:00.000Z',
  lastReportedAt: '2026-03-13T00:00:00.000Z',
  entry: {
    name: 'Footscray Hub',
    phone: '03 9000 0000',
    address: '1 Example Street, Footscray VIC 3011',
    hours: null,
    website: null,
    languages: ['Vietnamese'],
    source: 'https://www.example.org.au/',
    lastReviewed: '2025-06-01',
    archived: false,
  },
};
