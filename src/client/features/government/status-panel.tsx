import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { ServiceStatusItem } from '../../../shared/schemas/government';
import { Card, Skeleton } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { relativeTime } from '../../lib/format';
import { serviceStatusQuery } from '../../lib/government';
import { useTranslation } from '../../lib/i18n';

const DOTS: Record<ServiceStatusItem['status'], string> = {
  operational: 'bg-green-600',
  degraded: 'bg-yellow-500',
  outage: 'bg-red-600',
  unknown: 'bg-slate-400',
};

function StatusRow({ service }: { service: ServiceStatusItem }) {
  const { t, locale } = useTranslation();
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a
          href={service.url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 underline"
        >
          {service.name}
          <ExternalLink aria-hidden="true" className="ml-1 inline h-4 w-4" />
          <span className="sr-only"> {t('nav.opensInNewTab')}</span>
        </a>
        <span className="flex items-center gap-2 text-sm text-slate-800">
          <span aria-hidden="true" className={cn('h-3 w-3 rounded-full', DOTS[service.status])} />
          {t(`government.${service.status}`)}
          <span className="text-slate-600">
            ·{' '}
            {service.lastChecked
              ? t('government.lastChecked', {
                  time: relativeTime(service.lastChecked, locale, t('time.justNow')),
                })
              : t('government.notChecked')}
          </span>
        </span>
      </div>
      {service.note && (
        <p className="mt-1 text-sm text-amber-900">
          <strong>{t('government.notice')}:</strong> {service.note}
        </p>
      )}
    </li>
  );
}

/** Whether the official online services answer right now, each as a colour and in words. */
export function StatusPanel() {
  const { t } = useTranslation();
  const status = useQuery(serviceStatusQuery());
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t('government.statusTitle')}</h2>
      <p className="mt-1 text-slate-700">{t('government.statusText')}</p>
      {status.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {t('government.statusError')}
        </p>
      )}
      {status.isPending && <Skeleton className="mt-4 h-40 w-full" />}
      {status.data && (
        <ul className="mt-4 divide-y divide-slate-100">
          {status.data.services.map((service) => (
            <StatusRow key={service.id} service={service} />
          ))}
        </ul>
      )}
    </Card>
  );
}
