import type { DowntimeInput, FailureInput } from '@common/schemas/reliability';
import type { WorkOrderDetail } from '@common/schemas/work-orders';
import type { ComponentType } from 'react';
import type { ApiIssue } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/form-failure';

/**
 * What another feature's section adds to the Complete form (issue 34: the failure report and the downtime, drawn
 * by the reliability feature and passed in from app/routes): its part of the body, its own issues (a downtime row
 * half filled), and its fields' contract paths in the order they are drawn, so every message lands on its field.
 */
export type CompletionPart = {
  body: { failure?: FailureInput; downtime?: DowntimeInput[] };
  issues: ApiIssue[];
  fields: string[];
};

export const NO_COMPLETION_PART: CompletionPart = { body: {}, issues: [], fields: [] };

export type CompletionSectionProps = {
  workOrder: WorkOrderDetail;
  /** The form's messages by contract path ('failure.mode', 'downtime.0.endedAt'). */
  errors: FieldErrors;
  onChange: (part: CompletionPart) => void;
  /** The user changed a field: its message goes until the next check. */
  onClear: (field: string) => void;
};

export type CompletionSection = ComponentType<CompletionSectionProps>;
