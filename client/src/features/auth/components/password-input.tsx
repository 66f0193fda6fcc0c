import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { AUTH_TEXTS } from '../texts';

/** A password field with a show/hide button: easier to get right with gloves than typing blind. */
export function PasswordInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        {...props}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn('pr-14', className)}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? AUTH_TEXTS.hidePassword : AUTH_TEXTS.showPassword}
        aria-pressed={visible}
        className="absolute inset-y-0.5 right-0.5 inline-flex w-12 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      >
        {visible ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
      </button>
    </div>
  );
}

/** The password of a sign-in, or a new one (with the hint for choosing it and the browser's new-password fill). */
export function PasswordField({
  label,
  error,
  isNew = false,
  value,
  onChange,
}: {
  label: string;
  error?: string;
  isNew?: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} required error={error} hint={isNew ? AUTH_TEXTS.passwordHint : undefined}>
      {(control) => (
        <PasswordInput
          {...control}
          name={isNew ? 'new-password' : 'password'}
          autoComplete={isNew ? 'new-password' : 'current-password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
