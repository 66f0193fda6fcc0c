import { z } from 'zod';
import { SIGN_OFF_STAGES } from '../constants';
import { required, text } from './fields';
import { isoDateTime, recordId } from './params';
import { signature, signatureInput } from './signatures';

const stepBase = {
  key: required(40).regex(/^[a-z0-9-]+$/, { error: 'must be lower-case letters, digits and -' }),
  label: required(300),
  help: text(1000).optional(),
};

/** complete, approve and/or close, each once. */
export const signOffStages = z
  .array(z.enum(SIGN_OFF_STAGES, { error: 'must be complete, approve or close' }))
  .max(3)
  .default([])
  .transform((stages) => SIGN_OFF_STAGES.filter((s) => stages.includes(s)));

/** One typed step of a procedure. */
export const procedureStep = z.discriminatedUnion(
  'type',
  [
    z.object({ ...stepBase, type: z.literal('check') }),
    z
      .object({
        ...stepBase,
        type: z.literal('number'),
        unit: required(20),
        lower: z.number().nullable().optional(),
        upper: z.number().nullable().optional(),
      })
      .refine((s) => s.lower == null || s.upper == null || s.lower <= s.upper, {
        path: ['upper'],
        message: 'must not be below the lower limit',
      }),
    z.object({ ...stepBase, type: z.literal('text') }),
    z.object({ ...stepBase, type: z.literal('choice'), options: z.array(required(100)).min(2).max(12) }),
    z.object({ ...stepBase, type: z.literal('photo') }),
    z.object({ ...stepBase, type: z.literal('signature') }),
  ],
  { error: 'type must be check, number, text, choice, photo or signature' },
);
export type ProcedureStep = z.infer<typeof procedureStep>;

export const procedureBody = z
  .object({
    name: required(200),
    description: text(2000).default(''),
    steps: z.array(procedureStep).min(1, { error: 'needs at least one step' }).max(100),
    corrective: z.enum(['offer', 'force'], { error: 'must be offer or force' }).default('offer'),
    /** Which of the work order's steps a run of this procedure makes need a signature. */
    signOff: signOffStages,
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.steps.forEach((step, index) => {
      if (seen.has(step.key)) ctx.addIssue({ code: 'custom', path: ['steps', index, 'key'], message: 'is used twice' });
      seen.add(step.key);
    });
  });
export type ProcedureBody = z.infer<typeof procedureBody>;

export const procedureVersion = z.object({
  id: z.number(),
  procedureId: z.number(),
  version: z.number(),
  name: z.string(),
  description: z.string(),
  steps: z.array(procedureStep),
  corrective: z.enum(['offer', 'force']),
  signOff: z.array(z.enum(SIGN_OFF_STAGES)),
  createdAt: isoDateTime,
});
export type ProcedureVersion = z.infer<typeof procedureVersion>;

export const procedureSummary = z.object({
  id: z.number(),
  name: z.string(),
  currentVersion: z.number(),
  stepCount: z.number(),
  signOff: z.array(z.enum(SIGN_OFF_STAGES)),
});
export type ProcedureSummary = z.infer<typeof procedureSummary>;

export const attachProcedureBody = z.object({ procedureId: recordId });

/** What a technician records at one step; which fields apply depends on the step's type. */
export const stepResultBody = z.object({
  answer: text(2000).nullable().optional(),
  numberValue: z.number({ error: 'must be a number' }).finite().nullable().optional(),
  photoId: recordId.nullable().optional(),
  /** For a signature step: the signer's password and meaning. */
  signature: signatureInput.optional(),
  /** Raise a corrective work order for this failed step (forced when the procedure says so). */
  raiseCorrective: z.boolean().optional(),
});
export type StepResultBody = z.infer<typeof stepResultBody>;

export const stepParams = z.object({ runId: recordId, stepKey: required(40) });
/** The text fields of a photo step's upload (multipart, the file as "photo"): the photo belongs to the run's order. */
export const stepPhotoFields = z.object({ description: text(500).optional() });

export const stepResult = z.object({
  stepKey: z.string(),
  answer: z.string().nullable(),
  numberValue: z.number().nullable(),
  photoId: z.number().nullable(),
  failed: z.boolean(),
  correctiveWorkOrderId: z.number().nullable(),
  correctiveWorkOrderNumber: z.string().nullable(),
  signature: signature.nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: isoDateTime,
});
export type StepResult = z.infer<typeof stepResult>;

/** A procedure version attached to a work order, with what was recorded at each step. */
export const procedureRun = z.object({
  id: z.number(),
  workOrderId: z.number(),
  procedure: procedureVersion,
  results: z.array(stepResult),
  /** Signed runs (or runs on a signed work order) cannot be changed, only amended. */
  locked: z.boolean(),
});
export type ProcedureRun = z.infer<typeof procedureRun>;
