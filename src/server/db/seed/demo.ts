import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema';
import { hashPassword } from '../../modules/auth/passwords';

type DemoProfile = {
  email: string;
  displayName: string;
  role: 'student' | 'mentor' | 'admin';
  locale: 'en' | 'vi';
  founding: boolean;
  headline?: string;
  story?: string;
  countryPath?: string;
  expertise?: string[];
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
  },
  {
    email: 'student@demo.mentorme.example',
    displayName: 'Demo Student',
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
  },
];

/** Creates the demo accounts once; their passwords are random and never shown (the demo buttons sign in). */
export async function seedDemo(db: Database): Promise<void> {
  for (const profile of DEMO_PROFILES) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, profile.email))
      .limit(1);
    if (existing) continue;
    await db.insert(users).values({
      email: profile.email,
      displayName: profile.displayName,
      role: profile.role,
      locale: profile.locale,
      passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      isDemo: true,
      isFoundingMember: profile.founding,
      headline: profile.headline ?? null,
      story: profile.story ?? null,
      countryPath: profile.countryPath ?? null,
      expertise: profile.expertise ?? [],
    });
  }
}
