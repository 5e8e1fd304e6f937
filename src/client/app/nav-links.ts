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

/**
 * The footer's links, in its groups. The menu lists those the navigation does not have, so they stay one tap away on
 * the pages drawn without the footer (the chat pages on a phone).
 */
export const FOOTER_GROUPS = [
  {
    id: 'explore',
    heading: 'footer.explore',
    links: [
      { to: '/founders', label: 'nav.founders' },
      { to: '/mentors', label: 'footer.mentorsLink' },
      { to: '/faq', label: 'nav.faq' },
      { to: '/about', label: 'footer.aboutLink' },
      { to: '/government', label: 'nav.government' },
    ],
  },
  {
    id: 'policies',
    heading: 'footer.legal',
    links: [
      { to: '/privacy', label: 'footer.privacy' },
      { to: '/terms', label: 'footer.terms' },
      { to: '/guidelines', label: 'footer.guidelines' },
    ],
  },
] as const;

/** The footer's links that the navigation does not already have, for the menu. */
export const MENU_EXTRA_GROUPS = FOOTER_GROUPS.map((group) => ({
  ...group,
  links: group.links.filter((link) => !NAV_LINKS.some((entry) => entry.to === link.to)),
})).filter((group) => group.links.length > 0);
