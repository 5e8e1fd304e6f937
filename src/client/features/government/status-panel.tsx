import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ExternalLink } from 'lucide-react';
import type { ServiceStatusItem } from '../../../shared/schemas/government';
import { Card, Skeleton } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useNow } from '../../lib/clock';
import { relativeTime } from '../../lib/format';
import { serviceStatusQuery } from '../../data/government';
import { useTranslation } from '../../lib/i18n';

const DOTS: Record<ServiceStatusItem['status'], string> = {
  operational: 'bg-green-600',
  degraded: 'bg-yellow-500',
  outage: 'bg-red-600',
  unknown: 'bg-slate-400',
};

function StatusRow({ service }: { service: ServiceStatusItem }) {
  const { t } = useTranslation();
  const now = useNow();
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
                  time: relativeTime(service.lastChecked, t, now),
                })
              : t('government.notChecked')}
          </span>
        </span>
      </div>
    </li>
  );
}

type Summary = {
  key: 'allUp' | 'someDown' | 'unreachable' | 'someUnchecked';
  dot: string;
  values: { count: number; down: number; up: number };
};

/** The services' state in one line: all answering, how many are not, or that none could be checked from here. */
function summary(services: ServiceStatusItem[]): Summary {
  const count = services.length;
  const down = services.filter((s) => s.status === 'degraded' || s.status === 'outage').length;
  const up = services.filter((s) => s.status === 'operational').length;
  const values = { count, down, up };
  if (down > 0)
    return {
      key: 'someDown',
      dot: DOTS[services.some((s) => s.status === 'outage') ? 'outage' : 'degraded'],
      values,
    };
  if (up === 0) return { key: 'unreachable', dot: DOTS.unknown, values };
  return { key: up < count ? 'someUnchecked' : 'allUp', dot: DOTS.operational, values };
}

function EachService({ services }: { services: ServiceStatusItem[] }) {
  return (
    <ul className="mt-2 divide-y divide-slate-100">
      {services.map((service) => (
        <StatusRow key={service.id} service={service} />
      ))}
    </ul>
  );
}

/**
 * All is well (every service answering, no notice): one line, that opens to what is checked and each service.
 * The heading stays for screen readers and their list of headings.
 */
function AllWell({ services }: { services: ServiceStatusItem[] }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="service-status"
      className="rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-sm"
    >
      <h2 id="service-status" className="sr-only">
        {t('government.statusTitle')}
      </h2>
      <details>
        <summary className="flex min-h-8 cursor-pointer items-center gap-2 text-sm font-medium text-slate-900">
          <span aria-hidden="true" className={cn('h-3 w-3 shrink-0 rounded-full', DOTS.operational)} />
          {t('government.status.allUpShort', { count: services.length })}
          <ChevronDown aria-hidden="true" className="ml-auto h-4 w-4 shrink-0 text-slate-600" />
        </summary>
        <p className="mt-1 text-sm text-slate-700">{t('government.statusText')}</p>
        <EachService services={services} />
      </details>
    </section>
  );
}

/**
 * Whether the official online services answer right now: one line that says it (in words, not only as a colour),
 * any notice in full, and each service with its state behind "Each service"; only the line when all is well.
 * One line while it loads and once it has come, so nothing below moves.
 */
export function StatusPanel() {
  const { t } = useTranslation();
  const status = useQuery(serviceStatusQuery());
  const services = status.data?.services ?? [];
  const line = services.length ? summary(services) : undefined;
  if (line?.key === 'allUp' && !services.some((service) => service.note))
    return <AllWell services={services} />;
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t('government.statusTitle')}</h2>
      <p className="mt-1 text-slate-700">{t('government.statusText')}</p>
      {status.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {t('government.statusError')}
        </p>
      )}
      {status.isPending && <Skeleton className="mt-3 h-6 w-3/4" />}
      {line && (
        <p className="mt-3 flex items-start gap-2 font-medium text-slate-900">
          <span aria-hidden="true" className={cn('mt-1.5 h-3 w-3 shrink-0 rounded-full', line.dot)} />
          {t(`government.status.${line.key}`, line.values)}
        </p>
      )}
      {services
        .filter((service) => service.note)
        .map((service) => (
          <p key={service.id} className="mt-2 text-sm text-amber-900">
            <strong>
              {t('government.notice')} · {service.name}:
            </strong>{' '}
            {service.note}
          </p>
        ))}
      {services.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-brand-700 underline">{t('government.statusEach')}</summary>
          <EachService services={services} />
        </details>
      )}
    </Card>
  );
}
