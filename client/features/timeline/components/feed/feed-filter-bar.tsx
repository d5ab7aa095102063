// Type filters of the feed (spec 001 §2): all, text, video, audio, file, and images (issue 25).
import { FEED_FILTERS, type FeedFilter } from '../../../../../common/posts.ts';
import { Button } from '../../../../components/ui/button.tsx';

const LABELS: Record<FeedFilter, string> = {
  all: 'All',
  text: 'Text',
  image: 'Images',
  video: 'Video',
  audio: 'Audio',
  file: 'File',
};

export function FeedFilterBar({
  value,
  onChange,
}: {
  value: FeedFilter;
  onChange: (filter: FeedFilter) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-2 border-0 p-0">
      <legend className="sr-only">Filter posts by type</legend>
      {FEED_FILTERS.map((filter) => (
        <Button
          key={filter}
          size="sm"
          variant={value === filter ? 'default' : 'outline'}
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
        >
          {LABELS[filter]}
        </Button>
      ))}
    </fieldset>
  );
}
