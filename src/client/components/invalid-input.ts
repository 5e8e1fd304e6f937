import '../lib/page-texts';
import type { ZodError } from 'zod';
import { i18n, messageKey, type MessageKey } from '../lib/i18n';
import { toast } from '../lib/toast';

/**
 * A form's input that the shared schema refuses: the toast the server's refusal would bring, under the form's
 * failure title, with the schema's first message (a translation key, as the server translates it).
 */
export function toastInvalid(titleKey: MessageKey, error: ZodError) {
  toast({
    title: i18n.t(titleKey),
    description: i18n.t(messageKey(error.issues[0]?.message)),
    variant: 'destructive',
  });
}
