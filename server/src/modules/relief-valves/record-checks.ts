import { plantDay } from '@common/plant-days';
import { cmp, div, pascals, ratio, sub } from '@common/relief-valves/exact';
import type { TestMedium } from '@common/relief-valves/rules';
import type { SessionUser } from '@common/schemas/auth';
import type { reliefTestBody } from '@common/schemas/relief-valves';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { reliefCertificates, reliefInstruments } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { HttpError, invalidField } from '../../plugins/errors';
import { findPhoto } from '../photos';
import { plantTimeZone } from '../plants';
import { exactSet, isRepair, judgeWork, resultOf } from './judge';
import { workInPsi } from './pressures';
import { qualificationOf } from './records';
import { reliefDeviceInScope, tagServedOn } from './scope';

export type RecordBody = Omit<z.infer<typeof reliefTestBody>, 'submit'>;
type Body = RecordBody;

/** The zone where a day begins first (UTC+14): no place on earth has a later today. */
const EARLIEST_ZONE = 'Pacific/Kiritimati';

/**
 * Today in a plant's zone. A device never installed has no plant: today where it is latest on earth, so only a date
 * certainly in the future is refused.
 */
export const plantToday = (timeZone: string | null, now = new Date()): string =>
  plantDay(now, timeZone ?? EARLIEST_ZONE);

/**
 * Readings no test can give, refused at the field (400): a seat held above the set pressure (API 527 tests below
 * set), or a blowdown over half the set (no relief valve reseats there: a mistyped reading). In the entered unit,
 * compared exactly.
 */
function refuseNonsense(body: Body, set: ReturnType<typeof exactSet>) {
  const unit = body.pressureUnit;
  for (const stage of ['asFound', 'asLeft'] as const) {
    const pop = body[stage];
    if (pop?.opening != null && pop.reseat != null) {
      const blowdown = sub(pascals(pop.opening, unit), pascals(pop.reseat, unit));
      if (cmp(div(blowdown, set), ratio(1, 2)) > 0) {
        throw invalidField(`${stage}.reseat`, 'gives a blowdown over 50% of the set pressure: check the reading');
      }
    }
    const seat = body[`${stage}Seat`];
    if (seat && cmp(pascals(seat.heldPressure, unit), set) > 0) {
      throw invalidField(
        `${stage}Seat.heldPressure`,
        'is above the set pressure: the seat is tested below set (API 527)',
      );
    }
  }
}

/**
 * The nameplate photo must be a photo of the position's valve record (or of a work order on it): the certificate
 * prints it as this device's plate, so a photo of another valve, or of none, is refused at the field.
 */
async function refuseForeignPhoto(db: Database, scope: Scope, photoId: number, valveId: number | null) {
  if (valveId === null) {
    throw invalidField('nameplatePhotoId', "has no valve record to belong to: this device's position keeps none");
  }
  // Not found (gone, deleted, out of scope) is the same refusal as another valve's photo.
  const photo = await findPhoto(db, scope, photoId).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  });
  if (photo?.valve.id !== valveId) throw invalidField('nameplatePhotoId', "is not a photo of this position's valve");
}

/**
 * A record checked and judged, as the row it becomes (a new one, or a draft edited). The device's set pressure and
 * code decide the verdicts; the record is filed under the device and under the position it served on the test date,
 * so a swap keeps each history apart. A T/O holder (or a tester qualified to test only) may not record a repair.
 */
export async function recordValues(db: Database, scope: Scope, actor: SessionUser, body: Body) {
  const org = scope.organizationId;
  const device = await reliefDeviceInScope(db, scope, body.deviceId);
  const served = await tagServedOn(db, body.deviceId, body.testedOn);
  // A record dated after today where the valve is would move its tag's due date on a test not yet done.
  const plant = served?.plant ?? (await tagServedOn(db, body.deviceId, '9999-12-31'))?.plant;
  const today = plantToday(plant ? await plantTimeZone(db, org, plant) : null);
  if (body.testedOn > today)
    throw invalidField('testedOn', `must not be in the future (today is ${today} at the plant)`);
  refuseNonsense(body, exactSet(device));
  const [certificate] = await db
    .select()
    .from(reliefCertificates)
    .where(and(eq(reliefCertificates.organizationId, org), eq(reliefCertificates.id, body.certificateId)));
  if (!certificate) throw invalidField('certificateId', 'is not a certificate of your organization');
  const instrumentIds = [body.gaugeId, ...(body.benchId ? [body.benchId] : [])];
  const instruments = await db
    .select({ id: reliefInstruments.id, kind: reliefInstruments.kind })
    .from(reliefInstruments)
    .where(and(eq(reliefInstruments.organizationId, org), inArray(reliefInstruments.id, instrumentIds)));
  if (!instruments.some((i) => i.id === body.gaugeId && i.kind === 'gauge')) {
    throw invalidField('gaugeId', 'is not a gauge of your organization');
  }
  if (body.benchId && !instruments.some((i) => i.id === body.benchId && i.kind === 'bench')) {
    throw invalidField('benchId', 'is not a test bench of your organization');
  }
  if (body.nameplatePhotoId) await refuseForeignPhoto(db, scope, body.nameplatePhotoId, served?.valveId ?? null);
  const { deviceId, testedOn, place, medium, certificateId, gaugeId, benchId, pressureUnit, ...entered } = body;
  const work = workInPsi(entered, pressureUnit);
  if (isRepair(work)) {
    const qualification = await qualificationOf(db, actor.id, certificateId);
    if (certificate.kind === 'to') {
      throw new HttpError(
        403,
        `Certificate ${certificate.number} is test only (NB T/O): its holders may test and adjust, not dismantle or repair. Parts replaced or a repair nameplate need a VR or owner's programme certificate.`,
      );
    }
    if (qualification?.scope === 'test') {
      throw new HttpError(
        403,
        `${actor.name}'s qualification ${qualification.number} is to test only: a repair (parts replaced, a repair nameplate) needs a repair qualification.`,
      );
    }
  }
  const tagId = served?.tagId ?? null;
  const judged = judgeWork(device, medium as TestMedium, entered, pressureUnit);
  return {
    deviceId,
    tagId,
    testedOn,
    place,
    medium,
    pressureUnit,
    testerUserId: actor.id,
    certificateId,
    gaugeId,
    benchId: benchId ?? null,
    setPressure: device.setPressure,
    code: device.code,
    work,
    asFoundJudgement: judged.asFound,
    asLeftJudgement: judged.asLeft,
    asFoundResult: resultOf(judged.asFound),
    asLeftResult: resultOf(judged.asLeft),
  };
}
