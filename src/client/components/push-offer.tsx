import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../lib/i18n';
import { useEnablePush } from '../data/push';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

/**
 * "Tell me when someone answers": the offer of alerts on this device, shown in a dialog once a question is posted
 * (data/push.ts takePushOffer decides whether). The browser's own question comes only from the tap on it. `onDone`
 * closes the dialog, whatever the person chose.
 */
export function PushOffer({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const textId = useId();
  const enable = useEnablePush({
    meta: { errorTitle: 'notifications.pushEnableFailed' },
    onSuccess: (state) => {
      if (state === 'on') toast({ title: t('notifications.pushEnabled') });
      onDone();
    },
  });
  return (
    <div className="mt-2">
      <p id={textId} className="text-slate-700">
        {t('notifications.offerText')}
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('notifications.offerDecline')}
        </Button>
        {/* Focused when the dialog turns into the offer, and described by it, so a screen reader hears the offer. */}
        <Button
          autoFocus
          aria-describedby={textId}
          disabled={enable.isPending}
          onClick={() => enable.mutate()}
        >
          <BellRing aria-hidden="true" className="h-5 w-5" />
          {enable.isPending ? t('notifications.turningOn') : t('notifications.offerAccept')}
        </Button>
      </div>
    </div>
  );
}
