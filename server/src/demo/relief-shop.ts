import type { Database } from '../db/client';
import { reliefCertificates, reliefInstruments, reliefQualifications } from '../db/schema';

/*
 * The demo relief shop's authority and instruments (relief-valves.ts): a VR, a T/O and an owner's certificate, each
 * tester's qualifications (the second tests only), two benches and five gauges, one of them past calibration.
 */

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedReliefShop(db: Database, organizationId: number, now: number, testers: number[]) {
  const [vr, testOnly] = await db
    .insert(reliefCertificates)
    .values([
      {
        organizationId,
        kind: 'vr',
        number: 'VR-4512',
        holder: 'Northfield Valve Shop, 12 Mill Road',
        expiresOn: day(now + 400 * DAY),
      },
      {
        organizationId,
        kind: 'to',
        number: 'T/O-0871',
        holder: 'Northfield Field Test Crew',
        expiresOn: day(now + 200 * DAY),
      },
      {
        organizationId,
        kind: 'owner',
        number: 'OP-NF-01',
        holder: "Northfield owner's inspection programme",
        expiresOn: day(now + 700 * DAY),
      },
    ])
    .returning({ id: reliefCertificates.id });
  await db.insert(reliefQualifications).values(
    testers.flatMap((userId, i) => [
      {
        organizationId,
        userId,
        certificateId: vr.id,
        number: `Q-${210 + i}`,
        scope: i === 1 ? 'test' : 'repair',
        expiresOn: day(now + (300 + i * 40) * DAY),
      },
      {
        organizationId,
        userId,
        certificateId: testOnly.id,
        number: `QT-${310 + i}`,
        scope: 'test',
        expiresOn: day(now + 250 * DAY),
      },
    ]),
  );
  // Each instrument was calibrated a year before it falls due (an annual calibration interval).
  const instruments = await db
    .insert(reliefInstruments)
    .values([
      {
        organizationId,
        kind: 'bench',
        identifier: 'B-01',
        description: 'High-volume air bench, 30 L receiver, 2 in piping',
        calibrationDueOn: day(now + 120 * DAY),
        calibratedOn: day(now + 120 * DAY - 365 * DAY),
      },
      {
        organizationId,
        kind: 'bench',
        identifier: 'B-02',
        description: 'Steam and water bench',
        calibrationDueOn: day(now + 200 * DAY),
        calibratedOn: day(now + 200 * DAY - 365 * DAY),
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-101',
        description: 'Test gauge 0-1,000 psi, 0.25% FS',
        calibrationDueOn: day(now + 90 * DAY),
        calibratedOn: day(now + 90 * DAY - 365 * DAY),
        rangeMax: 1000,
        accuracyPercent: 0.25,
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-102',
        description: 'Test gauge 0-1,500 psi, 0.25% FS',
        calibrationDueOn: day(now + 150 * DAY),
        calibratedOn: day(now + 150 * DAY - 365 * DAY),
        rangeMax: 1500,
        accuracyPercent: 0.25,
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-103',
        description: 'Test gauge 0-100 psi, 0.25% FS',
        calibrationDueOn: day(now + 150 * DAY),
        calibratedOn: day(now + 150 * DAY - 365 * DAY),
        rangeMax: 100,
        accuracyPercent: 0.25,
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-104',
        description: 'Test gauge 0-300 psi, 0.25% FS',
        calibrationDueOn: day(now + 180 * DAY),
        calibratedOn: day(now + 180 * DAY - 365 * DAY),
        rangeMax: 300,
        accuracyPercent: 0.25,
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-117',
        description: 'Test gauge 0-300 psi, 0.25% FS',
        calibrationDueOn: day(now - 20 * DAY),
        calibratedOn: day(now - 20 * DAY - 365 * DAY),
        rangeMax: 300,
        accuracyPercent: 0.25,
      },
    ])
    .returning({ id: reliefInstruments.id, identifier: reliefInstruments.identifier });
  return { vr, instruments };
}
