/**
 * Condition monitoring of one valve: its channels' buckets in, anomaly episodes with their channels and
 * explanations, glitches, stuck transmitters and per-channel findings out. Pure; docs/analytics.md § Condition
 * monitoring walks through it with a worked example.
 */
import { VIBRATION_ZONES_MM_S } from '@common/analytics';
import { changeConverter, QUANTITIES, unitLabel } from '@common/quantities';
import { zoneCondition } from './checks';
import {
  type ChannelChange,
  changeCondition,
  changeText,
  channelChanges,
  type Display,
  EPISODE_RULES,
  findRuns,
  type Run,
  severityOf,
} from './episodes';
import { type ExplainChannel, explain, type StickSlip } from './explain';
import type { SpanData } from './features';
import { channelFindings } from './findings';
import { judge, learnModel, type Model } from './model';
import { type Prepared, prepare } from './prepare';
import type { ChannelProfile } from './reference';
import type {
  ChannelSeries,
  ConditionAssessment,
  ConditionInput,
  ConditionOptions,
  Episode,
  EpisodeChannel,
} from './types';

export const DEFAULT_CONDITION_OPTIONS: ConditionOptions = {
  falseAlarmRate: 0.01,
  zones: VIBRATION_ZONES_MM_S,
};

export function displayOf(channel: ChannelSeries): Display {
  const unit = QUANTITIES[channel.quantity].unit;
  const shown = channel.displayUnit ?? unit;
  return { unit: shown, label: unitLabel(shown), change: changeConverter(unit, shown) };
}

export function assessCondition(input: ConditionInput): ConditionAssessment {
  const options = { ...DEFAULT_CONDITION_OPTIONS, ...input.options };
  const prepared = prepare(input.channels, input.reference, input.window);
  const model = learnModel(
    prepared.reference,
    prepared.openings,
    prepared.resolutions,
    prepared.windowPoints,
    options.falseAlarmRate,
  );
  const episodes: Episode[] = [];
  /** Per channel, its condition at the end of the window from the episode still open. */
  const current = new Map<number, number>();
  let judgedShare = 0;
  if (model) {
    const judged = judge(model, prepared.window);
    const runs = findRuns(judged.phi, prepared.window.times, prepared.gridMs, prepared.windowPoints, input.window.to);
    const pointCondition = conditionsByPoint(model, input.channels, judged);
    judgedShare = judged.valid.reduce((n, v) => n + v, 0) / Math.max(1, judged.valid.length);
    for (const run of runs) {
      const episode = buildEpisode(run, model, input.channels, prepared, judged, pointCondition);
      if (episode.condition === 0 && episode.peak < EPISODE_RULES.clearPeak) continue;
      episodes.push(episode);
      if (run.open) {
        model.channels.forEach((c, m) => {
          current.set(c, Math.max(current.get(c) ?? 0, pointCondition[m][run.last]));
        });
      }
    }
  }
  const channels = channelFindings(input, prepared, current, options.zones);
  const zoneOf = new Map(
    channels.filter((c) => c.zone && !c.stuckNow).map((c) => [c.channel, zoneCondition(c.level, options.zones)]),
  );
  const findings: ConditionAssessment['findings'] = [];
  for (const e of episodes.filter((x) => x.end === null)) {
    const names = e.channels.map((c) => c.channel);
    const zone = Math.max(0, ...names.map((n) => zoneOf.get(n) ?? 0));
    names.forEach((n) => {
      zoneOf.delete(n);
    });
    findings.push({ kind: 'episode', channels: names, condition: Math.max(e.current, zone) });
  }
  for (const [name, condition] of zoneOf)
    if (condition > 0) findings.push({ kind: 'zone', channels: [name], condition });
  return {
    gridMs: prepared.gridMs,
    read: prepared.read,
    model: model
      ? {
          channels: model.channels.map((c) => input.channels[c].name),
          components: model.pca.k,
          referencePoints: model.referencePoints,
          judgedShare,
          positionerLagMs: model.positioner?.lagMs ?? null,
        }
      : null,
    episodes,
    glitches: prepared.glitches,
    stuck: prepared.stuck,
    channels,
    findings,
    condition: 1 - findings.reduce((p, f) => p * (1 - f.condition), 1),
  };
}

type Judged = ReturnType<typeof judge>;

/** Per model channel and point: the condition of its window-mean departure, counted where it is visible. */
function conditionsByPoint(model: Model, channels: readonly ChannelSeries[], judged: Judged): Float64Array[] {
  return model.channels.map((c, m) => {
    const profile = model.profiles[c] as ChannelProfile;
    const out = new Float64Array(judged.phi.length);
    for (let i = 0; i < out.length; i++) {
      const z = judged.z[m][i];
      if (!judged.valid[i] || !Number.isFinite(z) || Math.abs(z) < EPISODE_RULES.visibleZ) continue;
      out[i] = changeCondition(channels[c].quantity, z * profile.scale, judged.expected[m][i], profile);
    }
    return out;
  });
}

function buildEpisode(
  run: Run,
  model: Model,
  channels: readonly ChannelSeries[],
  prepared: Prepared,
  judged: Judged,
  pointCondition: Float64Array[],
): Episode {
  const times = prepared.window.times;
  let condition = 0;
  let peak = 0;
  for (let i = run.first; i <= run.last; i++) {
    if (!judged.valid[i]) continue;
    peak = Math.max(peak, judged.phi[i]);
    for (const c of pointCondition) condition = Math.max(condition, c[i]);
  }
  const current = run.open ? Math.max(...pointCondition.map((c) => c[run.last])) : 0;
  const changes = channelChanges(
    run,
    model.channels,
    judged.residual,
    judged.expected,
    judged.z,
    judged.contribution,
    judged.valid,
  );
  const described = changes.map((ch) => describeChange(ch, model, channels));
  const { together: rule } = EPISODE_RULES;
  const moved = (d: ChannelChange) => Math.abs(d.z) >= rule.z && Math.abs(d.z) >= rule.share * d.absZ;
  const together = described.filter(moved).length;
  // Several channels moving together are named even when none moved far (their small shifts are the finding).
  const listed = described
    .filter(
      (d, i) =>
        i === 0 ||
        (d.share >= EPISODE_RULES.minShare && (Math.abs(d.z) >= 1 || (together >= rule.channels && moved(d)))),
    )
    .slice(0, EPISODE_RULES.maxChannels);
  const explanation = explain(
    described.map(
      (d): ExplainChannel => ({
        name: d.episodeChannel.channel,
        quantity: d.episodeChannel.quantity,
        role: channels[d.channel].role,
        relative: d.episodeChannel.changeUnit === '%' ? d.episodeChannel.change : null,
        change: d.change,
        typicalChange: d.absZ * (model.profiles[d.channel] as ChannelProfile).scale,
        z: d.z,
        absZ: d.absZ,
        text: d.episodeChannel.text,
      }),
    ),
    stickSlipOf(model, prepared, run),
  );
  const state = model.opening !== null;
  const texts = listed.map((d) => d.episodeChannel.text);
  let description = `${texts.join(', ')} against the reference${state ? ' at the same valve opening' : ''}.`;
  if (explanation) description += ` ${explanation.text}`;
  return {
    start: times[run.first],
    end: run.open ? null : times[run.last] + prepared.gridMs,
    severity: severityOf(condition),
    condition,
    current,
    peak,
    channels: listed.map((d) => d.episodeChannel),
    explanation,
    description,
  };
}

function describeChange(ch: ChannelChange, model: Model, channels: readonly ChannelSeries[]) {
  const series = channels[ch.channel];
  const profile = model.profiles[ch.channel] as ChannelProfile;
  const alternating = Math.abs(ch.z) < 0.5 * ch.absZ;
  const shown = changeText(
    series.name,
    series.quantity,
    ch.change,
    ch.expected,
    profile,
    displayOf(series),
    alternating ? ch.absZ * profile.scale : null,
  );
  const episodeChannel: EpisodeChannel = {
    channel: series.name,
    quantity: series.quantity,
    direction: shown.direction,
    change: shown.value,
    changeUnit: shown.unit,
    expected: ch.expected,
    level: ch.level,
    share: ch.share,
    text: shown.text,
  };
  return { ...ch, episodeChannel };
}

/**
 * Stick-slip evidence: the share of the command's small moves (at least half a point, over a horizon long enough
 * for a healthy positioner to follow) after which the travel had not moved by a third of them, in the episode and
 * in the reference. A sticking stem ignores small moves; a slow one (packing friction) still follows them.
 */
function stickSlipOf(model: Model, prepared: Prepared, run: Run): StickSlip | null {
  const p = model.positioner;
  if (!p) return null;
  const grid = prepared.gridMs;
  const horizon = Math.max(prepared.windowPoints, Math.ceil(Math.max(60_000, 10 * p.lagMs) / grid));
  const minMove = Math.max(0.5, 3 * prepared.resolutions[p.command]);
  const share = (data: SpanData, from: number, to: number) => {
    let moves = 0;
    let ignored = 0;
    for (let i = Math.max(horizon, from); i <= to; i++) {
      const j = i - horizon;
      if (data.times[i] - data.times[j] > 1.5 * horizon * grid) continue;
      const dc = data.values[p.command][i] - data.values[p.command][j];
      const dt = data.values[p.travel][i] - data.values[p.travel][j];
      if (!(Math.abs(dc) >= minMove && Number.isFinite(dt))) continue;
      moves++;
      if (dt * Math.sign(dc) < Math.abs(dc) / 3) ignored++;
    }
    return moves >= 5 ? ignored / moves : 0;
  };
  const ref = prepared.reference;
  return {
    episode: share(prepared.window, run.first, run.last),
    reference: share(ref, 0, ref.times.length - 1),
  };
}
