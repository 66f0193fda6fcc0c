import type { FastifyInstance } from 'fastify';
import type { Job } from '../../jobs';
import { retryCancellations } from './cancellations';
import { billingFor } from './gateway';

/**
 * Cancellations the provider refused, tried again every minute on the job queue (each waits its own back-off), so
 * one server does it however many run.
 */
export function cancellationRetryJob(app: FastifyInstance): Job {
  const { gateway } = billingFor(app, app.config.stripe);
  return {
    name: 'billing-cancellation-retry',
    cron: '* * * * *',
    run: (db) => retryCancellations(db, gateway, app.log),
  };
}
