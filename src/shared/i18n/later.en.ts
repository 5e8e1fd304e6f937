/**
 * English texts of what loads after the first page (the floating chat button): they come with it, not with the first
 * load. Every key exists in later.vi.ts too (a test enforces it).
 */
export const laterEn = {
  floatingChat: {
    open: 'Open chat options',
    title: 'Chat with us',
    aiTitle: 'AI Assistant (Chloe)',
    aiDescription: 'Instant AI help, no login required',
    mentorsTitle: 'Real Mentors',
    mentorsSignedOut: 'Sign up to connect with real people',
    mentorsSignedIn: 'Chat with a real peer mentor',
  },
};
