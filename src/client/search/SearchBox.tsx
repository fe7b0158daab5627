import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MAX_QUERY_LENGTH } from '#shared/search-limits';
import { useSuggestions } from './api/search';
import { cx } from '#client/components/cx';
import { Icon, iconPaths } from '#client/components/Icon';
import { paths } from '#shared/paths';
import { Msg, useLocale, useT } from '#client/i18n';

const PAUSE_MS = 250;

/** What was typed, once typing has paused: suggestions are asked for then, not on every key. */
function usePaused(text: string): string {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

/**
 * The header's search: a combobox whose list offers up to six phone names after a short pause.
 * Enter searches for what is typed, or for the suggestion picked with the arrow keys.
 */
export function SearchBox({ className, autoFocus }: { className?: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const t = useT();
  const { localePath } = useLocale();
  const [params] = useSearchParams();
  const urlText = params.get('q') ?? '';
  const [text, setText] = useState(urlText);
  // Back and Forward change the search in the URL: the box shows the one on screen.
  const [seenUrlText, setSeenUrlText] = useState(urlText);
  if (seenUrlText !== urlText) {
    setSeenUrlText(urlText);
    setText(urlText);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const paused = usePaused(text.trim());
  const { data: suggestions = [] } = useSuggestions(paused);
  const shown = open && text.trim().length >= 2 ? suggestions : [];

  const go = (q: string) => {
    setOpen(false);
    setActive(-1);
    setText(q);
    void navigate(`${localePath(paths.search)}?q=${encodeURIComponent(q.trim())}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const picked = shown[active];
    go(picked ? picked.text : text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && shown.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % shown.length);
    } else if (event.key === 'ArrowUp' && shown.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? shown.length - 1 : index - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <form role="search" onSubmit={onSubmit} className={cx('relative', className)}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        <Msg id="search.box.label" />
      </label>
      <Icon
        d={iconPaths.search}
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500"
      />
      <input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && shown[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        // Only where the user just asked for the box (the phone header's search button).
        autoFocus={autoFocus}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('search.box.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-control border border-ink-300 bg-white pr-3 pl-9 text-base text-ink-900 shadow-xs placeholder:text-ink-500 hover:border-ink-400 focus:border-brand-500 focus:ring-3 focus:ring-brand-500/25 focus:outline-none sm:text-sm"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.box.suggestions')}
        hidden={shown.length === 0}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-control border border-ink-200 bg-white py-1 shadow-raised"
      >
        {shown.map((suggestion, index) => (
          <li
            key={suggestion.text}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Picked on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              go(suggestion.text);
            }}
            className={cx(
              'cursor-pointer px-3 py-2 text-sm text-ink-800',
              index === active ? 'bg-brand-50 text-brand-800' : 'hover:bg-ink-50',
            )}
          >
            <span data-user-text>{suggestion.text}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
