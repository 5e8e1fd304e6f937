/**
 * The question being written in the ask dialog, kept in memory only (never on the device): a person who opens a
 * similar question or an article from the dialog finds their draft when they come back to ask. It goes when the
 * question is posted, when another person (or nobody) is signed in, and with the page on quick exit.
 */
export type AskDraft = { title: string; content: string };

const EMPTY: AskDraft = { title: '', content: '' };
let draft: AskDraft = EMPTY;

export const askDraft = (): AskDraft => draft;

export function keepAskDraft(next: AskDraft): void {
  draft = next;
}

export function forgetAskDraft(): void {
  draft = EMPTY;
}
