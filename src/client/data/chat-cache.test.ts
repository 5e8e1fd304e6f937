import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/schemas/chat';
import { message, ownId, sampleConversation } from '../test/chat-fixtures';
import {
  applyNewMessage,
  applyParticipantRead,
  applyRead,
  chatKeys,
  mergeMessages,
  totalUnread,
} from './chat-cache';
import { firstGap } from './chat-live';
import { createQueryClient } from '../lib/query';

function withList(conversations: Conversation[]) {
  const client = createQueryClient();
  client.setQueryData(chatKeys.conversations, { conversations });
  const list = () => client.getQueryData<{ conversations: Conversation[] }>(chatKeys.conversations)!;
  return { client, list };
}

describe('mergeMessages', () => {
  it('keeps each message once, in order, whichever way it arrived', () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3), message(4)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });
});

describe('firstGap', () => {
  it('names the number after which messages are missing', () => {
    expect(firstGap([message(1), message(2), message(3)])).toBeNull();
    expect(firstGap([message(4), message(5), message(8), message(9)])).toBe(5);
    expect(firstGap([])).toBeNull();
  });
});

describe('the conversation list', () => {
  const other: Conversation = { ...sampleConversation, id: 'other', lastSeq: 7, unreadCount: 2 };

  it("counts the other person's new message once, and moves its conversation to the top", () => {
    const { client, list } = withList([other, sampleConversation]);
    expect(applyNewMessage(client, message(3), ownId)).toBe(true);
    expect(applyNewMessage(client, message(3), ownId)).toBe(true);
    expect(list().conversations.map((c) => [c.id, c.lastSeq, c.unreadCount])).toEqual([
      [sampleConversation.id, 3, 1],
      ['other', 7, 2],
    ]);
    expect(list().conversations[0]!.lastMessage?.content).toBe('Message 3');
  });

  it('counts our own message as read', () => {
    const { client, list } = withList([{ ...sampleConversation, unreadCount: 1, lastReadSeq: 1 }]);
    applyNewMessage(client, message(3, { senderId: ownId }), ownId);
    expect(list().conversations[0]).toMatchObject({ lastSeq: 3, lastReadSeq: 3, unreadCount: 0 });
  });

  it('says when the conversation is not in the list yet, so the list is fetched again', () => {
    const { client } = withList([other]);
    expect(applyNewMessage(client, message(1), ownId)).toBe(false);
  });

  it('clears the unread count once the last message is read, and never moves the mark back', () => {
    const { client, list } = withList([
      { ...sampleConversation, lastSeq: 5, lastReadSeq: 2, unreadCount: 3 },
    ]);
    applyRead(client, sampleConversation.id, 4);
    expect(list().conversations[0]).toMatchObject({ lastReadSeq: 4, unreadCount: 3 });
    applyRead(client, sampleConversation.id, 5);
    expect(list().conversations[0]).toMatchObject({ lastReadSeq: 5, unreadCount: 0 });
    applyRead(client, sampleConversation.id, 3);
    expect(list().conversations[0]!.lastReadSeq).toBe(5);
    expect(totalUnread([other, list().conversations[0]!])).toBe(2);
  });

  it("moves the other person's read mark forward only, and takes their reply as read up to it", () => {
    const { client, list } = withList([{ ...sampleConversation, lastSeq: 4, participantLastReadSeq: 1 }]);
    applyParticipantRead(client, sampleConversation.id, 3);
    expect(list().conversations[0]!.participantLastReadSeq).toBe(3);
    applyParticipantRead(client, sampleConversation.id, 2);
    expect(list().conversations[0]!.participantLastReadSeq).toBe(3);
    applyNewMessage(client, message(5, { senderId: ownId }), ownId);
    expect(list().conversations[0]!.participantLastReadSeq).toBe(3);
    applyNewMessage(client, message(6), ownId);
    expect(list().conversations[0]!.participantLastReadSeq).toBe(6);
  });

  it('tells nothing of a closed conversation’s reading', () => {
    const closed = { ...sampleConversation, status: 'closed' as const, participantLastReadSeq: null };
    const { client, list } = withList([closed]);
    applyParticipantRead(client, sampleConversation.id, 2);
    expect(list().conversations[0]!.participantLastReadSeq).toBeNull();
  });
});
