/**
 * What the form suggests for a valve's body, trim and ends (issue 30): the common specifications of process valves
 * (ASTM A216 WCB carbon steel castings, A217 WC6/WC9 chrome-moly for high temperature, A351 CF8M stainless, A105
 * and A182 F316 forgings; ASME B16.5 flanges, B16.25 butt-weld and B16.11 socket-weld ends). Free text all the
 * same: a plant writes its own.
 */
export const BODY_MATERIALS = [
  'ASTM A216 WCB',
  'ASTM A217 WC6',
  'ASTM A217 WC9',
  'ASTM A351 CF8M',
  'ASTM A105',
  'ASTM A182 F316',
  'Ductile iron',
];
export const TRIM_MATERIALS = ['13Cr (F6a)', '316 SS', 'Stellite 6', '17-4PH', 'Monel', 'PTFE seats'];
export const END_CONNECTIONS = [
  'Flanged RF',
  'Flanged RTJ',
  'Butt weld',
  'Socket weld',
  'Threaded NPT',
  'Wafer',
  'Lug',
];
