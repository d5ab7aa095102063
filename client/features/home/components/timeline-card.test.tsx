import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineListItem } from '../../../../common/schemas/timeline.ts';
import { cleanup, render } from '../test/render.tsx';
import { TimelineCard } from './timeline-card.tsx';

const COVER = '/objects/uploads/00000000-0000-4000-8000-0000000000aa';

const item = (over: Partial<TimelineListItem> = {}): TimelineListItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Garden Club',
  description: null,
  state: 'active',
  role: 'participant',
  memberCount: 3,
  joinCode: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  archivedAt: null,
  deletedAt: null,
  archiverUser: null,
  appearance: null,
  ...over,
});

afterEach(cleanup);

describe('TimelineCard appearance', () => {
  it('shows the cover as a decorative banner, the icon beside the name and the accent on the card', () => {
    const { container } = render(
      <TimelineCard
        timeline={item({ appearance: { coverImageUrl: COVER, accentColor: 'teal', icon: '🌱' } })}
      />,
    );
    const banner = container.querySelector('img')!;
    expect(banner.getAttribute('src')).toBe(COVER);
    expect(banner.getAttribute('alt')).toBe('');
    const heading = container.querySelector('h3')!;
    expect(heading.textContent).toBe('🌱Garden Club');
    expect(heading.querySelector('[aria-hidden="true"]')?.textContent).toBe('🌱');
    const card = container.querySelector<HTMLElement>('[data-testid="timeline-card"]')!;
    expect(card.style.getPropertyValue('--primary')).toBe('#0f766e');
  });

  it('shows none of it without an appearance', () => {
    const { container } = render(<TimelineCard timeline={item()} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('h3')!.textContent).toBe('Garden Club');
    const card = container.querySelector<HTMLElement>('[data-testid="timeline-card"]')!;
    expect(card.style.getPropertyValue('--primary')).toBe('');
  });
});
