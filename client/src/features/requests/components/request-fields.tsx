import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { FieldErrors } from '@/lib/form-failure';
import { REQUEST_TEXTS } from '../texts';
import { PhotoField } from './photo-field';

const T = REQUEST_TEXTS.public;

export type RequestDraft = { description: string; photo: string | null; name: string; contact: string };
export const EMPTY_DRAFT: RequestDraft = { description: '', photo: null, name: '', contact: '' };

type Props = {
  draft: RequestDraft;
  errors: FieldErrors;
  busy: boolean;
  /** Someone with no account says who they are; a signed-in user is known already. */
  askWho: boolean;
  onChange: (change: Partial<RequestDraft>) => void;
};

/** What a report says: the problem (the one thing required), a photo of it, and who to ask about it. */
export function RequestFields({ draft, errors, busy, askWho, onChange }: Props) {
  return (
    <>
      <Field label={T.description} required error={errors.description}>
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            maxLength={2000}
            placeholder={T.descriptionPlaceholder}
            value={draft.description}
            onChange={(event) => onChange({ description: event.target.value })}
            className="text-lg"
          />
        )}
      </Field>
      <PhotoField value={draft.photo} onChange={(photo) => onChange({ photo })} disabled={busy} error={errors.photo} />
      {askWho ? (
        <>
          <Field label={T.name} error={errors.name}>
            {(control) => (
              <Input
                {...control}
                autoComplete="name"
                maxLength={120}
                value={draft.name}
                onChange={(event) => onChange({ name: event.target.value })}
              />
            )}
          </Field>
          <Field label={T.contact} hint={T.contactHint} error={errors.contact}>
            {(control) => (
              <Input
                {...control}
                autoComplete="tel"
                maxLength={200}
                value={draft.contact}
                onChange={(event) => onChange({ contact: event.target.value })}
              />
            )}
          </Field>
        </>
      ) : null}
    </>
  );
}
