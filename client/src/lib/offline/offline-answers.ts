import { useSyncExternalStore } from 'react';
import type { CachedAnswer } from './read-cache';

/**
 * Which reads were last answered from the device rather than the server: path → when the stored copy was saved.
 * The shell reads it to say, under the status banner, that a screen shows stored data and how old it is.
 */
let answers: ReadonlyMap<string, number> = new Map();
const listeners = new Set<() => void>();

function publish(next: ReadonlyMap<string, number>) {
  answers = next;
  for (const listener of listeners) listener();
}

/** Called with every answer of the generic read: a stored answer is remembered, a fresh one forgets the path. */
export function noteAnswer(path: string, answer: Pick<CachedAnswer<unknown>, 'offline' | 'cachedAt'>): void {
  if (answer.offline && answer.cachedAt !== null) {
    if (answers.get(path) === answer.cachedAt) return;
    publish(new Map(answers).set(path, answer.cachedAt));
  } else if (answers.has(path)) {
    const next = new Map(answers);
    next.delete(path);
    publish(next);
  }
}

export function getOfflineAnswers(): ReadonlyMap<string, number> {
  return answers;
}

export function clearOfflineAnswers(): void {
  if (answers.size > 0) publish(new Map());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useOfflineAnswers(): ReadonlyMap<string, number> {
  return useSyncExternalStore(subscribe, getOfflineAnswers, getOfflineAnswers);
}

/** The oldest stored copy among the reads on screen, or null when every one of them came from the server. */
export function oldestShown(stored: ReadonlyMap<string, number>, pathsOnScreen: Iterable<string>): number | null {
  let oldest: number | null = null;
  for (const path of pathsOnScreen) {
    const at = stored.get(path);
    if (at !== undefined && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

/** "just now", "5 min ago", "2 h ago", "3 days ago": short enough for one line on a phone. */
export function formatAge(savedAt: number, now = Date.now()): string {
  const minutes = Math.floor(Math.max(0, now - savedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
