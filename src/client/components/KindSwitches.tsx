import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from './toast';
import { Msg, useErrorText, type MessageId } from '#client/i18n';

const CHECKBOX = 'size-4 accent-brand-600';

interface KindSwitchesProps<Kind extends string> {
  legend: MessageId;
  kinds: ReadonlyArray<{ kind: Kind; on: boolean }>;
  /** Each kind's name in the catalog. */
  label: (kind: Kind) => MessageId;
  /** Saves one switch as it is flipped; a refusal is said in a toast. */
  update: UseMutationResult<unknown, Error, { kinds: Partial<Record<Kind, boolean>> }>;
}

/** A settings card's checkboxes, one for each kind of message a person may get (by mail, by push). */
export function KindSwitches<Kind extends string>({ legend, kinds, label, update }: KindSwitchesProps<Kind>) {
  const errorText = useErrorText();
  const toggle = (kind: Kind) => (event: { target: { checked: boolean } }) =>
    update.mutate(
      { kinds: { [kind]: event.target.checked } as Partial<Record<Kind, boolean>> },
      { onError: (error) => toast.error(errorText(error.message)) },
    );
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm text-ink-600">
        <Msg id={legend} />
      </legend>
      {kinds.map(({ kind, on }) => (
        <label key={kind} className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={on}
            disabled={update.isPending}
            onChange={toggle(kind)}
          />
          <Msg id={label(kind)} />
        </label>
      ))}
    </fieldset>
  );
}
