/**
 * Which pages may stand as a directory entry's "Source" (decision 042). Readers check a phone number or an address
 * against it, so it is the organisation's own site, a government site (`.gov.au`: the department, the local health
 * district or council, an official register), or the site of the official body that runs or commissions the
 * service. A blog, a news story, a tourist or "what's on" page, a code host, an encyclopaedia, a copy of someone's
 * document, an aggregator or a directory of directories is not: where no trusted page is known, the entry has no
 * `source` and the page says "No official source yet".
 */

/** Hosts and paths that are never a source. The test over the content and the browser test both read this list. */
export const WEAK_SOURCES: { kind: string; pattern: RegExp }[] = [
  { kind: 'code host', pattern: /^https:\/\/(www\.)?github\.com\//i },
  { kind: 'encyclopaedia', pattern: /^https:\/\/[a-z]+\.wikipedia\.org\//i },
  { kind: 'blog', pattern: /^https:\/\/[^/]+\.(blogspot|wordpress)\.com\/|\/blogs?\//i },
  {
    kind: 'document copy or aggregator',
    pattern:
      /^https:\/\/(www\.)?(dokumen\.tips|vdocuments\.(net|site)|yumpu\.com|issuu\.com|findglocal\.com|findhealthclinics\.com|healthcarecurated\.com|foolkit\.com\.au|springfieldmarketplace\.com\.au)\//i,
  },
  {
    kind: 'tourist or heritage page',
    pattern:
      /^https:\/\/(www\.)?(touristlandmarks\.com|mustdobrisbane\.com|sydneylivingmuseums\.com\.au|ntmodern\.org)\//i,
  },
  {
    kind: 'directory of directories',
    pattern: /^https:\/\/(directory\.wayahead\.org\.au|(www\.)?scoa\.org\.au)\//i,
  },
  {
    kind: 'news story',
    pattern:
      /^https:\/\/(www\.|amp\.|[a-z]+\.)?(canberratimes|region|the-riotact|hospitalhealth|barriertruth|coastcommunitynews|miragenews|illawarramercury|netimes|newcastleweekly|timesnewsgroup|starcommunity|starweekly|cbdnews|modernasian|thewest|abc\.net|yourlocalexaminer|mforum|moretondaily|burnetttoday|theredcliffepeninsula|indaily|neighbourhoodmedia|wangarattachronicle|psnews|redlandbaysidenews)\.(com\.au|com|au)\/|^https:\/\/(www\.)?(miragenews\.com|nhanquyen\.co)\//i,
  },
  {
    kind: 'politician’s media release',
    pattern: /^https:\/\/(www\.)?(gregwarren|alisonbyrnesmp)\.com\.au\//i,
  },
  {
    kind: 'another organisation’s page about it',
    pattern:
      /^https:\/\/(www\.)?(actjpa\.org\.au|canberracommunitylaw\.org\.au|northshoremulticultural\.org\.au|myrightsqld\.com\.au|communityimpactfoundation\.com\.au|fls\.org\.au|jedo\.perthcatholic\.org\.au)\//i,
  },
];

/**
 * Official bodies whose page may be the source of a service they run or commission, though it is not the
 * service's own site: Primary Health Networks commission the Medicare urgent care and mental health centres, and
 * the named charities run the centres whose entries cite them.
 */
export const OFFICIAL_BODIES = [
  'swsphn.com.au', // South Western Sydney PHN
  'hnc.org.au', // Healthy North Coast (North Coast PHN)
  'coordinare.org.au', // COORDINARE (South Eastern NSW PHN)
  'wnswphn.org.au', // Western NSW PHN
  'nqphn.com.au', // Northern Queensland PHN
  'adelaidephn.com.au', // Adelaide PHN
  'wapha.org.au', // WA Primary Health Alliance
  'primaryhealthtas.com.au', // Primary Health Tasmania
  'neaminational.org.au', // Neami National, which runs the Adelaide Urgent Mental Health Care Centre
  'bcsant.org.au', // Baptist Care SA, which runs WestCare
  'tdci.net.au', // Townsville Drop In Centre Inc., the centre's own association
];

const site = (url: string) => new URL(url).hostname.replace(/^www\./, '');
const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

export function weakSourceKind(url: string): string | undefined {
  return WEAK_SOURCES.find((weak) => weak.pattern.test(url))?.kind;
}

/** A source readers can trust for the entry whose own website is `website` (see the file's comment). */
export function isTrustedSource(url: string, website?: string): boolean {
  if (weakSourceKind(url)) return false;
  const host = site(url);
  const own = website ? site(website) : undefined;
  return (
    (own !== undefined && (within(host, own) || within(own, host))) ||
    host.endsWith('.gov.au') ||
    OFFICIAL_BODIES.some((body) => within(host, body))
  );
}
