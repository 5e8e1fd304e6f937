/**
 * What the local directory holds: organisations per state, the kinds of help within 25 km of each capital, and
 * the entries that speak a language other than English. `npx tsx scripts/directory-report.ts`
 */
import { loadHelpContent } from '../src/server/db/seed/help-content';
import { haversineKm, lookupPostcode } from '../src/server/lib/postcodes';
import { AUS_STATES, LOCAL_CATEGORIES } from '../src/shared/schemas/resources';

const CAPITALS = {
  NSW: '2000',
  VIC: '3000',
  QLD: '4000',
  WA: '6000',
  SA: '5000',
  TAS: '7000',
  ACT: '2601',
  NT: '0800',
};

const { organisations, services } = loadHelpContent();
console.log(`${organisations.length} organisations, ${services.length} government services`);
for (const state of AUS_STATES) {
  const centre = lookupPostcode(CAPITALS[state])!.main;
  const inState = organisations.filter((o) => o.state === state);
  const near = organisations.filter((o) => haversineKm(centre, o) <= 25);
  const missing = LOCAL_CATEGORIES.filter((c) => !near.some((o) => o.category === c));
  const vietnamese = near.filter((o) => o.supportedLanguages?.includes('Vietnamese')).map((o) => o.id);
  console.log(
    `${state}: ${inState.length} in the state, ${near.length} within 25 km of ${centre.name}; ` +
      `missing near the capital: ${missing.join(', ') || 'none'}; Vietnamese near: ${vietnamese.join(', ') || 'none'}`,
  );
}
const multilingual = organisations.filter((o) => o.supportedLanguages?.some((l) => l !== 'English'));
console.log(`${multilingual.length} organisations name a language other than English`);
