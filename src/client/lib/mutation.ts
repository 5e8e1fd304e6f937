import type { UseMutationOptions } from '@tanstack/react-query';
import type { CallMeta } from './query';

/**
 * What a screen adds to a data hook's mutation: `meta.errorTitle` for the toast when it fails (see query.ts),
 * and what it shows or does once the change is made. The data hooks keep the cache right; screens decide the UI.
 */
export type MutationConfig<TData, TVariables> = {
  meta?: CallMeta;
  onSuccess?: (data: TData, variables: TVariables) => unknown;
};

type HookOptions<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The hook's own cache work, done before the screen's onSuccess. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
};

/**
 * A data hook's mutation options with the screen's config. Both onSuccess callbacks are awaited, so the
 * mutation stays pending (its button busy) until a follow-up the screen starts there is done.
 */
export function withConfig<TData, TVariables>(
  config: MutationConfig<TData, TVariables>,
  options: HookOptions<TData, TVariables>,
): UseMutationOptions<TData, Error, TVariables> {
  return {
    mutationFn: options.mutationFn,
    meta: config.meta,
    onSuccess: async (data, variables) => {
      await options.onSuccess?.(data, variables);
      await config.onSuccess?.(data, variables);
    },
  };
}
