import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_COPY } from '../../../../common/messaging.ts';
import { toast } from '../../../lib/use-toast.ts';
import { cleanup, render, typeInto, waitFor } from '../../home/test/render.tsx';
import { ADA } from '../test/conversations.ts';
import { stubThreadServer } from '../test/thread-server.ts';
import { COUNTER_FROM, draftState, MessageComposer } from './message-composer.tsx';

vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('draftState', () => {
  it('trims, counts from 90% of 4,000 and refuses more than 4,000', () => {
    expect(draftState(' \n ')).toMatchObject({ empty: true, length: 0, showCounter: false });
    expect(COUNTER_FROM).toBe(3600);
    expect(draftState(`  ${'x'.repeat(4000)}  `)).toMatchObject({ tooLong: false, showCounter: true });
    expect(draftState('x'.repeat(4001)).tooLong).toBe(true);
  });
});

describe('MessageComposer', () => {
  it('says "No conversation selected" when a send happens with none, and sends nothing', async () => {
    const server = stubThreadServer();
    const { container } = render(<MessageComposer conversationId={null} other={ADA} otherName="Ada" />);
    const field = container.querySelector('textarea')!;
    typeInto(field, 'Hello');
    await act(async () => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ description: MESSAGING_COPY.noConversationSelected, variant: 'destructive' }),
    );
    expect(server.calls).toHaveLength(0);
    expect(field.value).toBe('Hello');
  });

  it('labels the field and the button for assistive technology', () => {
    const { container } = render(
      <MessageComposer conversationId="c1" other={ADA} otherName="Ada Lovelace" />,
    );
    const field = container.querySelector('textarea')!;
    expect(container.querySelector(`label[for="${field.id}"]`)!.textContent).toBe('Message Ada Lovelace');
    expect(container.querySelector('button[type="submit"]')!.getAttribute('aria-label')).toBe('Send message');
  });
});

describe('MessageComposer mentions (issue 27)', () => {
  it('offers only the other person after "@", and sends whom the message mentions', async () => {
    const server = stubThreadServer();
    const { container } = render(
      <MessageComposer conversationId="c1" other={ADA} otherName="Ada Lovelace" />,
    );
    const field = container.querySelector('textarea')!;
    act(() => field.focus());
    typeInto(field, 'Thanks @');
    await waitFor(() => expect(container.querySelector('[role="listbox"]')).not.toBeNull());
    const options = [...container.querySelectorAll('[role="option"]')];
    expect(options.map((o) => o.lastElementChild?.textContent)).toEqual(['Ada Lovelace']);
    await act(async () => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(field.value).toBe('Thanks @Ada Lovelace ');
    expect(server.calls).toHaveLength(0);
    await act(async () => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({
      content: 'Thanks @Ada Lovelace',
      mentions: [ADA.id],
    });
  });
});
