/**
 * The predictive engine's door: pure functions over readings and history. The analytics domain uses them through
 * its own files; the benchmarks (bench/) measure them through this door.
 */
export { assessValve } from './assess';
export { assessCondition } from './condition/assess';
export { chooseGrid, layOnGrid, planReads, rollUp } from './condition/rollup';
export type { ChannelSeries, Fault, Span } from './condition/types';
export { STANDARD_PLANT } from './simulation/loop';
export { DEFAULT_RUN, type RunSettings, type SimulatedFault, type SimulatedRun, simulateRun } from './simulation/runs';
export { addCounts, type Counts, channelsOf, countPoints, scoresOf } from './simulation/scoring';
export { median } from './stats';
export { runDetectionBenchmark, syntheticPlant } from './synthetic';
export { priorFor } from './weibull';
