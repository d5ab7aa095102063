// The search form: words, then the filters (threadlines, author, post type, dates, media, scope) and order.
// Native selects and date inputs: the platform's pickers, and keyboard use for free.
import { ChevronDown, Search } from 'lucide-react';
import * as React from 'react';
import { FEED } from '../../../../common/limits.ts';
import { personName } from '../../../../common/names.ts';
import { POST_TYPES } from '../../../../common/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useMembersOf } from '../api/get-search-scope.ts';
import type { SearchForm } from '../lib/search-params.ts';
import { TimelinePicker } from './timeline-picker.tsx';

/** Authors are listed from the chosen threadlines' members, when only a few are chosen. */
const AUTHOR_LIST_MAX = 5;

const TYPE_LABELS: Record<(typeof POST_TYPES)[number], string> = {
  text: 'Text',
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  file: 'File',
  gallery: 'Gallery',
};

interface Props {
  value: SearchForm;
  onChange: (form: SearchForm) => void;
  onSubmit: () => void;
  currentUserId: string;
}

export function SearchFilters({ value, onChange, onSubmit, currentUserId }: Props) {
  const set = <K extends keyof SearchForm>(key: K, v: SearchForm[K]) => onChange({ ...value, [key]: v });
  const id = React.useId();
  const authors = useAuthors(value.timelineIds, currentUserId);
  return (
    <search aria-label="Search every threadline">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className="flex min-w-0 gap-2">
          <div className="relative min-w-0 flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search for"
              placeholder='Words, "an exact phrase", -without, this OR that'
              value={value.q}
              maxLength={FEED.searchMaxChars}
              className="pl-9"
              onChange={(e) => set('q', e.target.value)}
            />
          </div>
          <Button type="submit">Search</Button>
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TimelinePicker value={value.timelineIds} onChange={(ids) => set('timelineIds', ids)} />
          <div className="grid content-start gap-4">
            <Field id={`${id}-author`} label="Author">
              <NativeSelect id={`${id}-author`} value={value.authorId} onChange={(v) => set('authorId', v)}>
                <option value="">Anyone</option>
                {authors.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.id === currentUserId ? 'Me' : a.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={`${id}-type`} label="Post type">
              <NativeSelect
                id={`${id}-type`}
                value={value.type}
                onChange={(v) => set('type', v as SearchForm['type'])}
              >
                <option value="">Any type</option>
                {POST_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={`${id}-media`} label="Media">
              <NativeSelect
                id={`${id}-media`}
                value={value.hasMedia}
                onChange={(v) => set('hasMedia', v as SearchForm['hasMedia'])}
              >
                <option value="">With or without media</option>
                <option value="true">Has media</option>
                <option value="false">No media</option>
              </NativeSelect>
            </Field>
          </div>
          <div className="grid content-start gap-4">
            {/* Side by side from 640 px: a date field narrower than ~170 px clips its own calendar button. */}
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id={`${id}-from`} label="From">
                <Input
                  id={`${id}-from`}
                  type="date"
                  value={value.from}
                  max={value.to || undefined}
                  onChange={(e) => set('from', e.target.value)}
                />
              </Field>
              <Field id={`${id}-to`} label="To">
                <Input
                  id={`${id}-to`}
                  type="date"
                  value={value.to}
                  min={value.from || undefined}
                  onChange={(e) => set('to', e.target.value)}
                />
              </Field>
            </div>
            <Field id={`${id}-scope`} label="Search in">
              <NativeSelect
                id={`${id}-scope`}
                value={value.scope}
                onChange={(v) => set('scope', v as SearchForm['scope'])}
              >
                <option value="all">Posts and comments</option>
                <option value="posts">Posts only</option>
                <option value="comments">Comments only</option>
              </NativeSelect>
            </Field>
            <Field id={`${id}-order`} label="Order">
              <NativeSelect
                id={`${id}-order`}
                value={value.order}
                onChange={(v) => set('order', v as SearchForm['order'])}
              >
                <option value="recent">Newest first</option>
                <option value="relevance">Most relevant first</option>
              </NativeSelect>
            </Field>
          </div>
        </div>
      </form>
    </search>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function NativeSelect({
  id,
  value,
  onChange,
  children,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="relative w-full min-w-0">
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full min-w-0 appearance-none truncate rounded-lg border border-input bg-card pr-9 pl-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60"
        aria-hidden="true"
      />
    </div>
  );
}

/** Me, then the members of the chosen threadlines by name (only when a few are chosen). */
function useAuthors(timelineIds: string[], currentUserId: string) {
  const few = timelineIds.length > 0 && timelineIds.length <= AUTHOR_LIST_MAX ? timelineIds : [];
  const details = useMembersOf(few);
  const byId = new Map<string, string>([[currentUserId, 'Me']]);
  for (const d of details) {
    for (const m of d.data?.members ?? []) if (!byId.has(m.userId)) byId.set(m.userId, personName(m.user));
  }
  const [me, ...others] = [...byId].map(([id, name]) => ({ id, name }));
  return [me!, ...others.sort((a, b) => a.name.localeCompare(b.name))];
}
