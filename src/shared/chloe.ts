/** The sizes of a conversation with Chloe: for the server's schema (schemas/ai.ts) and the composer alike. */
export const CHAT_LIMITS = { messageMax: 2_000, historyTurns: 20, historyTurnMax: 10_000 } as const;
