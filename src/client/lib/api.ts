import { i18n } from './i18n';

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

type Options = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON, or a Blob sent as it is with its own type (a voice note). */
  body?: unknown;
  signal?: AbortSignal;
  /** Message when the server answers without one (spec: "Request failed", "Sign in failed", ...). */
  fallback?: string;
};

/**
 * The one fetch wrapper. The session travels in its HttpOnly cookie; the server answers errors as
 * { error, code } in the language we ask for.
 */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18n.language };
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
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(response.status, i18n.t('errors.network'), 'UNREADABLE');
  }
  if (!response.ok) {
    const body = (data ?? {}) as { error?: unknown; code?: unknown };
    const message =
      typeof body.error === 'string' ? body.error : (options.fallback ?? i18n.t('errors.requestFailed'));
    throw new ApiError(response.status, message, typeof body.code === 'string' ? body.code : undefined);
  }
  return data as T;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : i18n.t('errors.requestFailed');
}
