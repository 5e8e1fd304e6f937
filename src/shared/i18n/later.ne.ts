import type { laterEn } from './later.en';

/** Nepali texts of what loads after the first page: the keys of later.en.ts. */
export const laterNe: { [K in keyof typeof laterEn]: { [T in keyof (typeof laterEn)[K]]: string } } = {
  floatingChat: {
    open: 'च्याटका विकल्पहरू खोल्नुहोस्',
    title: 'हामीसँग च्याट गर्नुहोस्',
    aiTitle: 'AI सहायक (Chloe)',
    aiDescription: 'तुरुन्तै AI को सहायता, साइन इन गर्नु पर्दैन',
    mentorsTitle: 'वास्तविक मेन्टरहरू',
    mentorsSignedOut: 'वास्तविक मानिसहरूसँग जोडिन खाता खोल्नुहोस्',
    mentorsSignedIn: 'वास्तविक साथी मेन्टरसँग च्याट गर्नुहोस्',
  },
};
