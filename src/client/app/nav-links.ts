/** The navigation of spec §2, in order; labels are i18n keys. */
export const NAV_LINKS = [
  { to: '/', label: 'nav.trending', end: true },
  { to: '/latest', label: 'nav.latest' },
  { to: '/resources', label: 'nav.resources' },
  { to: '/chat', label: 'nav.mentors' },
  { to: '/chloe', label: 'nav.chloe' },
  { to: '/founders', label: 'nav.founders' },
  { to: '/government', label: 'nav.government' },
  { to: '/faq', label: 'nav.faq' },
] as const;
