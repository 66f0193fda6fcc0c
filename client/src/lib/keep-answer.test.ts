import { QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepAnswer } from './keep-answer';

describe('keepAnswer', () => {
  it('is not overwritten by a read that started before the write and answers after it', async () => {
    const queryClient = new QueryClient();
    let answerRead: (value: string) => void = () => undefined;
    const runs = queryOptions({
      queryKey: ['work-orders', 87, 'procedures'],
      queryFn: () => new Promise<string>((resolve) => (answerRead = resolve)),
    });
    const read = queryClient.fetchQuery(runs).catch(() => 'cancelled');
    await keepAnswer(queryClient, runs.queryKey, '1 of 1 steps recorded');
    answerRead('0 of 1 steps recorded');
    await read;
    expect(queryClient.getQueryData(runs.queryKey)).toBe('1 of 1 steps recorded');
  });

  it('leaves other keys alone', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['work-orders', 88], 'other');
    const order = queryOptions({ queryKey: ['work-orders', 87], queryFn: () => Promise.resolve('x') });
    await keepAnswer(queryClient, order.queryKey, 'answer');
    expect(queryClient.getQueryData(['work-orders', 88])).toBe('other');
    expect(queryClient.getQueryData(order.queryKey)).toBe('answer');
  });
});
