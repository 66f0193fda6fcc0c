/**
 * What a device signs when a work order is completed with no signal (decisions/121), built the same way on the
 * device and on the server from the completion as sent: who, which record, what the signature means, when, and the
 * technician's own words. A change to any of them on the way fails the server's check.
 */
export type OfflineSignedWords = {
  maintenanceType?: string | null;
  findings?: string | null;
  actionsPerformed?: string | null;
};
export type OfflineSignedCompletion = OfflineSignedWords & {
  userId: number;
  entityType: string;
  entityId: number;
  meaning: string;
  signedAt: string;
};

/** The text signed (its UTF-8 bytes, ECDSA P-256 with SHA-256): a JSON array, so its order is fixed. */
export function offlineSignedMessage(c: OfflineSignedCompletion): string {
  return JSON.stringify([
    'valveops offline signature 1',
    c.userId,
    c.entityType,
    c.entityId,
    c.meaning,
    c.signedAt,
    c.maintenanceType ?? null,
    c.findings ?? null,
    c.actionsPerformed ?? null,
  ]);
}

/** How old an offline signature may be when it arrives: a kept copy's shift, with room for a long outage. */
export const OFFLINE_SIGNATURE_MAX_AGE_DAYS = 30;

/** The texts of signing, shown alike by the server, the device (offline) and the record's report. */
export const SIGNING_TEXTS = {
  /** A wrong password, whether the server or the device found it so. */
  wrongPassword: 'The password is not correct: nothing was signed.',
  /** An auditor reads the time of a signature made with no signal as the device's, checked when it arrived. */
  signedOffline: 'Signed with no signal on the signer’s device (its clock); checked when it arrived.',
};
