import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Config } from '../config';

/**
 * The configured chat model (AI_BASE_URL, AI_MODEL) on any OpenAI-compatible API (OpenAI, Ollama, vLLM, LM Studio),
 * through the AI SDK: Chloe's answers and the translations of people's posts.
 */
export function chatModel(ai: Pick<NonNullable<Config['ai']>, 'baseUrl' | 'model'> & { apiKey?: string }) {
  return createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: ai.baseUrl,
    apiKey: ai.apiKey,
  }).chatModel(ai.model);
}
