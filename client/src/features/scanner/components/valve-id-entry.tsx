import { TEXTS } from '@common/texts';
import { Search } from 'lucide-react';
import { type FormEvent, type Ref, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const T = TEXTS.scanner;

/** Spec §2.9 / §5: a typed valve ID, trimmed; an empty one does nothing. Enter submits, as does the button. */
export function ValveIdEntry({
  onSubmit,
  inputRef,
}: {
  onSubmit: (valveId: string) => void;
  /** Lets the dialog put the cursor here when the camera cannot be used. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [value, setValue] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valveId = value.trim();
    if (valveId) onSubmit(valveId);
  };
  return (
    <form onSubmit={submit} className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        {T.entryLabel}
      </label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={T.entryPlaceholder}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          // The spec's placeholder is long for a 360 px phone: a smaller placeholder keeps it whole.
          className="placeholder:text-sm"
        />
        <Button type="submit" variant="secondary" size="icon" className="size-12" aria-label={T.lookUp}>
          <Search className="size-5" aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
