import type { SandboxConfirmBody } from '@common/schemas/billing';
import { apiSend } from '@/lib/http';

/** The sandbox's card form: the server judges the test card and records the outcome. */
export async function confirmSandbox(body: SandboxConfirmBody, key: string): Promise<{ returnUrl: string }> {
  return (await apiSend<{ returnUrl: string }>('POST', '/api/billing/sandbox/confirm', body, {
    idempotencyKey: key,
  })) as { returnUrl: string };
}
