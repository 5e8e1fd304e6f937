/** Waiting times for the dashboard's tests (imported by *.test.tsx and admin-server.ts only). */
import type { AdminWaiting, WaitingWeek } from '../../../shared/schemas/admin-waiting';

const quiet = { asked: 0, answered: 0, medianMinutes: null, within24h: null };
const MONDAYS = [
  '2025-12-22',
  '2025-12-29',
  '2026-01-05',
  '2026-01-12',
  '2026-01-19',
  '2026-01-26',
  '2026-02-02',
  '2026-02-09',
  '2026-02-16',
  '2026-02-23',
  '2026-03-02',
  '2026-03-09',
];
const BUSY: Record<string, Omit<WaitingWeek, 'weekStart'>> = {
  '2026-02-23': { asked: 4, answered: 4, medianMinutes: 30, within24h: 1 },
  '2026-03-02': { asked: 6, answered: 5, medianMinutes: 90, within24h: 0.8 },
  '2026-03-09': { asked: 3, answered: 1, medianMinutes: 1800, within24h: 0.5 },
};

export const waiting: AdminWaiting = {
  overall: { asked: 13, answered: 10, medianMinutes: 90, within24h: 0.75 },
  topics: [
    { topic: 'housing', language: 'en', asked: 8, answered: 7, medianMinutes: 45, within24h: 0.875 },
    { topic: 'work-career', language: 'vi', asked: 3, answered: 2, medianMinutes: 1800, within24h: 0.5 },
    { topic: null, language: 'vi', asked: 2, answered: 1, medianMinutes: 4320, within24h: null },
  ],
  longest: [
    {
      id: 'w1',
      title: 'My landlord kept my bond',
      topic: 'housing',
      language: 'en',
      isUrgent: false,
      createdAt: '2026-03-10T01:00:00.000Z',
    },
    {
      id: 'w2',
      title: 'Tôi bị mất hộ chiếu',
      topic: null,
      language: 'vi',
      isUrgent: true,
      createdAt: '2026-03-13T01:00:00.000Z',
    },
  ],
  weeks: MONDAYS.map((weekStart) => ({ weekStart, ...(BUSY[weekStart] ?? quiet) })),
  generatedAt: '2026-03-14T01:00:00.000Z',
};
