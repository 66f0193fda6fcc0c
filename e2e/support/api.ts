import { type APIRequestContext, expect } from '@playwright/test';

/** Reads the real API the page reads, so tests compare the screen with the server's own answer. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}
