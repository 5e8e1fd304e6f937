/**
 * What the directory's security tests save and import (an organisation, a government service), and the characters
 * a terminal must never be sent.
 */
import { australianToday, monthsBefore } from '../shared/australian-date';
import type { GovernmentService, Organisation } from '../shared/schemas/resources';

const reviewed = monthsBefore(australianToday(), 1);

export const ORGANISATION: Organisation = {
  id: 'hidden-test-centre',
  name: 'Hidden Test Centre',
  category: 'community',
  description: { en: 'Help for people who have just arrived.', vi: 'Giúp đỡ người mới đến.' },
  address: '1 Example Street',
  suburb: 'Footscray',
  state: 'VIC',
  postcode: '3011',
  phone: '03 9000 0000',
  website: 'https://www.example.org.au/',
  hours: { en: 'Monday to Friday', vi: 'Thứ Hai đến Thứ Sáu' },
  services: [{ en: 'Advice', vi: 'Tư vấn' }],
  supportedLanguages: ['Vietnamese', { en: 'Interpreter on request', vi: 'Có thông dịch viên' }],
  languagesSource: 'https://www.example.org.au/languages',
  source: 'https://www.example.org.au/about',
  lastReviewed: reviewed,
};

export const SERVICE: GovernmentService = {
  id: 'hidden-test-line',
  title: { en: 'Test Help Line', vi: 'Đường dây trợ giúp thử' },
  description: { en: 'Help by phone, day and night.', vi: 'Trợ giúp qua điện thoại, cả ngày lẫn đêm.' },
  category: 'healthcare',
  department: 'Department of Tests',
  eligibility: [{ en: 'Anyone in Victoria', vi: 'Mọi người ở Victoria' }],
  contactInfo: {
    phone: '1300 000 000',
    email: 'help@example.gov.au',
    website: 'https://www.example.gov.au/',
  },
  operatingHours: { en: '24 hours', vi: '24 giờ' },
  languages: ['English', { en: 'Interpreter on request', vi: 'Có thông dịch viên' }],
  languagesSource: 'https://www.example.gov.au/languages',
  location: { state: 'VIC', city: 'Melbourne' },
  source: 'https://www.example.gov.au/',
  lastUpdated: reviewed,
};

/** Characters that must never reach a terminal as they are (a line break ends a line of the report). */
export const RAW_HIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]|\p{Cs}/u;
