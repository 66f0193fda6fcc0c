import { Camera, Trash2 } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { FilePicker } from '@/components/file-picker';
import { Button } from '@/components/ui/button';
import { photoToDataUrl } from '../shrink-photo';
import { REQUEST_TEXTS } from '../texts';

const T = REQUEST_TEXTS.photo;

type Props = {
  /** The photo as the data URL to send, or null. */
  value: string | null;
  onChange: (photo: string | null) => void;
  disabled: boolean;
  /** The server's word on the photo (415: not an image; 400: too large). */
  error?: string;
};

/**
 * "Add a photo": the rear camera on a phone (or a file elsewhere), shrunk in the browser so it goes on a weak
 * signal, shown before it is sent, and removable.
 */
export function PhotoField({ value, onChange, disabled, error }: Props) {
  const [preparing, setPreparing] = useState(false);
  const [unreadable, setUnreadable] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same photo again (after removing it) fires a change.
    event.target.value = '';
    if (!file) return;
    setPreparing(true);
    setUnreadable(false);
    try {
      onChange(await photoToDataUrl(file));
    } catch (failure) {
      console.warn('A photo could not be read', failure);
      setUnreadable(true);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <FilePicker
      accept="image/*"
      capture="environment"
      disabled={disabled || preparing}
      error={unreadable ? T.unreadable : (error ?? null)}
      hint={preparing ? T.preparing : T.hint}
      icon={Camera}
      label={value ? T.replace : T.add}
      onChoose={choose}
    >
      {value ? (
        <div className="grid gap-2 rounded-lg border border-slate-200 p-2">
          <img src={value} alt={T.preview} className="max-h-56 w-full rounded bg-slate-100 object-contain" />
          <Button variant="outline" onClick={() => onChange(null)} disabled={disabled}>
            <Trash2 className="size-5" aria-hidden="true" />
            {T.remove}
          </Button>
        </div>
      ) : null}
    </FilePicker>
  );
}
