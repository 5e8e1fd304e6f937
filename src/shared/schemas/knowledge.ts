import { z } from 'zod';
import { LOCALES } from '../languages';
import { localizedSchema } from './common';

/** Chloe's knowledge base (content/knowledge): short articles, in English and translated built from official pages. */
const bilingual = localizedSchema(z.string().min(1));

export const knowledgeSourceSchema = z.object({
  title: z.string().min(1),
  /** An https address, or a page of Mentor Me itself ("/faq"). */
  url: z.union([z.url({ protocol: /^https$/ }), z.string().regex(/^\/[a-z0-9/-]*$/)]),
});

/**
 * A question an article answers, as people ask it: a real public question with the address where it was asked, or
 * a plain rewording of one (a string).
 */
export const articleQuestionSchema = z.union([
  z.string().min(5),
  z.object({ text: z.string().min(5), source: z.url({ protocol: /^https?$/ }) }),
]);
export type ArticleQuestion = z.infer<typeof articleQuestionSchema>;
export const articleQuestionText = (item: ArticleQuestion) => (typeof item === 'string' ? item : item.text);

export const knowledgeArticleSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: bilingual,
  /** Words people use when they ask about it, in both languages ("TFN", "mã số thuế"). */
  keywords: z.array(z.string().min(1)).min(3),
  /** One or two sentences that answer the usual question directly. */
  summary: bilingual,
  /** The key steps or facts, three to seven of them. */
  points: z.array(bilingual).min(2).max(8),
  /** Where to get help: services, phone numbers, official pages. */
  help: z.array(bilingual).max(5),
  /** True when the topic is a visa or legal matter: answers end with the migration-advice disclaimer. */
  visaOrLegal: z.boolean(),
  sources: z.array(knowledgeSourceSchema).min(1),
  /** The day the facts were checked against the sources. */
  checked: z.iso.date(),
  /** The language it was written in: its other languages are translations of it. */
  writtenIn: z.enum(LOCALES).default('en'),
  /** The day each translation was last checked against the language it was written in. */
  translationsChecked: z.partialRecord(z.enum(LOCALES), z.iso.date()).default({}),
  /** The questions people ask that it answers, in each language (ranked above the title and keywords). */
  questions: z.partialRecord(z.enum(LOCALES), z.array(articleQuestionSchema)).default({}),
});
export type KnowledgeArticle = z.infer<typeof knowledgeArticleSchema>;

/** Questions people ask with the articles that should answer them: the retrieval evaluation set. */
export const evalCaseSchema = z.object({
  question: z.string().min(5),
  locale: z.enum(LOCALES),
  /** The articles that should answer it; none for a question the knowledge base does not cover. */
  expected: z.array(z.string().regex(/^[a-z0-9-]+$/)),
  /** Where a real person asked it in public. */
  source: z.url({ protocol: /^https?$/ }).optional(),
  /** The same question in the other language carries the same pair id: the two must be answered alike. */
  pair: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});
export const evalFileSchema = z.object({ cases: z.array(evalCaseSchema).min(1) });

/**
 * Everyday wording mapped to the words the articles use (content/synonyms.json): when a question has one of the
 * phrases, Chloe also searches for what it means ("boss" → "employer", "cho thuê lại" → "sublet").
 */
export const synonymsFileSchema = z.object({
  synonyms: z
    .array(z.object({ phrases: z.array(z.string().min(2)).min(1), means: z.string().min(2) }))
    .min(1),
});
export type Synonym = z.infer<typeof synonymsFileSchema>['synonyms'][number];
