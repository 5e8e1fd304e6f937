import { i18n } from './i18n';
import { noteAnswer } from './offline';

/** An error from the API: its HTTP status, its stable code and the message to show (already translated). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The thing a page names does not exist: its id is unknown (404) or not one at all (400). */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

type Options = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON, or a Blob sent as it is with its own type (a voice note). */
  body?: unknown;
  signal?: AbortSignal;
  /** Message when the server answers without one (spec: "Request failed", "Sign in failed", ...). */
  fallback?: string;
};

/**
 * The one fetch: the session travels in its HttpOnly cookie, the server answers errors as { error, code } in the
 * language we ask for. Resolves with the Response when it is OK; a network failure or an error answer throws an
 * ApiError with the message to show. `api()` reads JSON from it; Chloe's stream reads its body as it arrives.
 */
export async function request(path: string, options: Options & { accept?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {
    accept: options.accept ?? 'application/json',
    'accept-language': i18n.language,
  };
  const raw = typeof Blob !== 'undefined' && options.body instanceof Blob;
  if (options.body !== undefined)
    headers['content-type'] = raw ? (options.body as Blob).type : 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined ? undefined : raw ? (options.body as Blob) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('errors.networkFailed'), 'NETWORK');
  }
  noteAnswer(response);
  if (response.ok) return response;
  const body = (await readJson(response)) as { error?: unknown; code?: unknown } | undefined;
  const message =
    typeof body?.error === 'string' ? body.error : (options.fallback ?? i18n.t('errors.requestFailed'));
  throw new ApiError(response.status, message, typeof body?.code === 'string' ? body.code : undefined);
}

/** The body as JSON; an answer that is not JSON (a proxy's error page) is an ApiError. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(response.status, i18n.t('errors.network'), 'UNREADABLE');
  }
}

/** A JSON call through request(). */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  return (await readJson(await request(path, options))) as T;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : i18n.t('errors.requestFailed');
}

/**
 * The query string of a call: empty values and "all" are no filter and are not sent (spec). Null is empty too: a
 * page's first data from its frame came through JSON, where a first page's cursor (undefined) became null.
 */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value != null && value !== '' && value !== 'all') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
