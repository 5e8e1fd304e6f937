import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import type { ChatEvent } from '../../../shared/schemas/ai';

/** Three small articles in the shape of content/knowledge, for tests that must not depend on its wording. */
export const ARTICLES: KnowledgeArticle[] = [
  {
    id: 'tax-file-number',
    title: { en: 'Tax file number (TFN)', vi: 'Mã số thuế (Tax File Number, TFN)' },
    keywords: ['TFN', 'tax file number', 'tax', 'mã số thuế', 'ma so thue'],
    summary: {
      en: 'You apply for a tax file number online with the Australian Taxation Office. It is free.',
      vi: 'Bạn xin mã số thuế trực tuyến với Sở Thuế Úc (ATO). Việc này miễn phí.',
    },
    points: [
      {
        en: 'Apply on the ATO website once you are in Australia.',
        vi: 'Nộp đơn trên trang web của ATO khi bạn đã ở Úc.',
      },
      { en: 'Give your TFN to your employer.', vi: 'Đưa mã số thuế cho chủ lao động.' },
    ],
    help: [{ en: 'ATO: 13 28 61', vi: 'ATO: 13 28 61' }],
    visaOrLegal: false,
    sources: [
      {
        title: 'ATO: Tax file number',
        url: 'https://www.ato.gov.au/individuals-and-families/tax-file-number',
      },
    ],
    checked: '2026-11-23',
    writtenIn: 'en',
    translationsChecked: { vi: '2026-11-23' },
    questions: { en: [], vi: [] },
  },
  {
    id: 'student-visa-work',
    title: { en: 'Working on a student visa', vi: 'Làm việc khi có thị thực du học' },
    keywords: [
      'student visa',
      'work hours',
      'work limit',
      'thị thực du học',
      'thi thuc du hoc',
      'làm thêm',
      'lam them',
    ],
    summary: {
      en: 'Student visas come with work conditions. Check your conditions in VEVO.',
      vi: 'Thị thực du học có các điều kiện làm việc. Hãy kiểm tra điều kiện của bạn trên VEVO.',
    },
    points: [
      { en: 'Check your visa conditions in VEVO.', vi: 'Kiểm tra điều kiện thị thực trên VEVO.' },
      {
        en: 'Your employer must pay you the legal minimum.',
        vi: 'Chủ lao động phải trả bạn mức lương tối thiểu theo luật.',
      },
    ],
    help: [],
    visaOrLegal: true,
    sources: [
      { title: 'Home Affairs: Student visa', url: 'https://immi.homeaffairs.gov.au/visas/student-500' },
    ],
    checked: '2026-11-23',
    writtenIn: 'en',
    translationsChecked: { vi: '2026-11-23' },
    questions: { en: [], vi: [] },
  },
  {
    id: 'renting-basics',
    title: { en: 'Renting a home', vi: 'Thuê nhà' },
    keywords: ['rent', 'renting', 'bond', 'lease', 'thuê nhà', 'thue nha', 'tiền thế chân', 'tien the chan'],
    summary: {
      en: 'When you rent, you usually pay a bond, which is lodged with a government bond authority.',
      vi: 'Khi thuê nhà, bạn thường phải trả tiền thế chân (bond), được gửi cho cơ quan quản lý tiền thế chân của chính phủ.',
    },
    points: [
      { en: 'Read the lease before you sign.', vi: 'Đọc kỹ hợp đồng thuê trước khi ký.' },
      { en: 'Fill in the condition report.', vi: 'Điền vào biên bản tình trạng nhà.' },
    ],
    help: [],
    visaOrLegal: false,
    sources: [
      { title: 'NSW Fair Trading: Renting', url: 'https://www.nsw.gov.au/housing-and-construction/renting' },
    ],
    checked: '2026-11-23',
    writtenIn: 'en',
    translationsChecked: { vi: '2026-11-23' },
    questions: { en: [], vi: [] },
  },
];

/** Reads a server-sent event stream to its end: its events and its comment lines. */
export async function readEvents(response: Response): Promise<{ events: ChatEvent[]; comments: string[] }> {
  const text = await response.text();
  const events: ChatEvent[] = [];
  const comments: string[] = [];
  for (const block of text.split('\n\n')) {
    for (const line of block.split('\n')) {
      if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as ChatEvent);
      else if (line.startsWith(':')) comments.push(line);
    }
  }
  return { events, comments };
}

export const answerOf = (events: ChatEvent[]) =>
  events.map((event) => (event.type === 'chunk' ? event.content : '')).join('');
