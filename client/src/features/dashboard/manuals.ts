/**
 * The six manuals the dashboard features (spec §2.3). Static: the library itself is the Manuals screen's.
 * Their pages and sizes add up to the library totals the footer states (936 pages, 53.8 MB).
 */
export type FeaturedManual = { title: string; subject: string; pages: number; sizeMb: number; standards: string[] };

export const FEATURED_MANUALS: FeaturedManual[] = [
  {
    title: 'Ball Valve O&M Manual',
    subject: 'Ball valve',
    pages: 156,
    sizeMb: 8.2,
    standards: ['ASME B16.34', 'API 6D'],
  },
  {
    title: 'Gate Valve Maintenance Guide',
    subject: 'Gate valve',
    pages: 142,
    sizeMb: 7.6,
    standards: ['API 600', 'ASME B16.34'],
  },
  {
    title: 'Safety Relief Valve Manual',
    subject: 'Safety relief valve',
    pages: 198,
    sizeMb: 11.4,
    standards: ['ASME Section VIII', 'NB-23', 'API 520'],
  },
  {
    title: 'Check Valve Technical Manual',
    subject: 'Check valve',
    pages: 118,
    sizeMb: 6.1,
    standards: ['API 594', 'ASME B16.34'],
  },
  {
    title: 'Globe Valve Service Manual',
    subject: 'Globe valve',
    pages: 134,
    sizeMb: 7.3,
    standards: ['ASME B16.34', 'ISO 5208'],
  },
  {
    title: 'Emergency Response Kit',
    subject: 'Emergency procedures',
    pages: 188,
    sizeMb: 13.2,
    standards: ['OSHA 1910.119', 'NFPA 70E'],
  },
];
