import type { Conversation, Message } from '../../shared/schemas/chat';
import { sampleUser } from './helpers';

export const CONVERSATION_ID = 'c0c0c0c0-0000-4000-8000-000000000001';
export const MENTOR_ID = 'a0a0a0a0-0000-4000-8000-000000000002';

/** A conversation of the sample student with a verified mentor, read to the end. */
export const sampleConversation: Conversation = {
  id: CONVERSATION_ID,
  title: 'Finding my first part-time job',
  status: 'active',
  closedReason: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-14T12:30:00.000Z',
  participant: { id: MENTOR_ID, displayName: 'Minh Tran', role: 'mentor' },
  lastMessage: {
    content: 'Have a look at https://www.fairwork.gov.au first.',
    senderId: MENTOR_ID,
    createdAt: '2026-03-14T12:30:00.000Z',
    seq: 2,
  },
  lastSeq: 2,
  lastReadSeq: 2,
  participantLastReadSeq: 2,
  unreadCount: 0,
  blocked: false,
  feedbackGiven: false,
};

/** Message number `seq` of the sample conversation, by the mentor unless `senderId` says otherwise. */
export function message(seq: number, extra: Partial<Message> = {}): Message {
  return {
    id: `m${seq}`,
    conversationId: CONVERSATION_ID,
    senderId: MENTOR_ID,
    content: `Message ${seq}`,
    createdAt: `2026-03-14T12:${String(10 + seq).padStart(2, '0')}:00.000Z`,
    seq,
    clientId: null,
    ...extra,
  };
}

export const ownId = sampleUser.id;
