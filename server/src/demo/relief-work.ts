import { approx, inUnit, psi } from '@common/relief-valves/exact';
import { seatTestPressure, type TestMedium } from '@common/relief-valves/rules';
import type { ReliefTestWork } from '@common/schemas/relief-valves';
import type { SeededRandom } from '../lib/seeded-random';

/* One demo shop visit's figures (relief-valves.ts): as found, some failing, what was done, and as left. */

function popFigures(random: SeededRandom, set: number, fails: boolean) {
  const deviation = fails ? random.pick([-1, 1]) * random.between(0.05, 0.09) : random.between(-0.015, 0.015);
  const opening = Math.round(set * (1 + deviation) * 10) / 10;
  return {
    opening,
    simmer: Math.round(opening * 0.97 * 10) / 10,
    // Measured blowdown (ASME PTC 25: opening − reseat) of 2.5-3.5% of the opening: inside ASME I's 2-4% of set.
    reseat: Math.round(opening * (1 - random.between(0.025, 0.035)) * 10) / 10,
    chatter: fails && random.chance(0.3),
  };
}

function seatFigures(random: SeededRandom, set: number, medium: TestMedium, leaks: boolean, soft: boolean) {
  const heldPressure = Math.ceil(approx(inUnit(seatTestPressure(psi(set)), 'psi'), 4));
  if (medium === 'steam') return { method: 'API 527 steam', medium, heldPressure, leakSeen: leaks };
  if (medium === 'water') {
    const rate = leaks ? random.int(40, 90) : random.int(0, 6);
    // API 527: a soft seat allows no leakage at all (the draw is kept so the rest of the demo stays as it was).
    return { method: 'API 527 water', medium, heldPressure, leakageCm3PerHour: soft && !leaks ? 0 : rate };
  }
  return {
    method: 'API 527 bubble',
    medium,
    heldPressure,
    bubblesPerMinute: leaks ? random.int(70, 140) : soft ? 0 : random.int(0, 12),
  };
}

/** One shop visit: as found (some failing), inspection, and what was done, then as left. */
export function makeWork(
  random: SeededRandom,
  set: number,
  medium: TestMedium,
  failing: boolean,
  soft: boolean,
): ReliefTestWork {
  const failOpening = failing && random.chance(0.6);
  const plugged = failing && !failOpening && random.chance(0.4);
  const leaks = failing && !failOpening && !plugged;
  return {
    asFound: popFigures(random, set, failOpening),
    asFoundSeat: seatFigures(random, set, medium, leaks, soft),
    piping: { inlet: plugged ? 'plugged' : random.pick(['clear', 'clear', 'partly blocked']), outlet: 'clear' },
    inspection: [
      { part: 'Nozzle', condition: failing ? 'worn' : 'good' },
      { part: 'Disc', condition: leaks ? 'damaged' : 'good' },
      { part: 'Spring', condition: random.pick(['good', 'good', 'corroded']) },
      { part: 'Guide', condition: 'good' },
    ],
    partsReplaced: leaks ? ['Disc', 'Gaskets'] : failing ? ['Gaskets'] : [],
    adjustments: failOpening ? 'Spring adjusted to set; blowdown ring reset.' : 'Seats lapped.',
    asLeft: {
      opening: Math.round(set * (1 + random.between(-0.005, 0.005)) * 10) / 10,
      simmer: Math.round(set * 0.98 * 10) / 10,
      reseat: Math.round(set * 0.97 * 10) / 10,
    },
    asLeftSeat: seatFigures(random, set, medium, false, soft),
    sealNumber: `S-${random.int(10000, 99999)}`,
  };
}
