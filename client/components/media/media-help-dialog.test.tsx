import * as React from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS_TEXT } from '../../../common/media.ts';
import { button, cleanup, render, waitFor } from '../../features/home/test/render.tsx';
import { MediaHelpDialog } from './media-help-dialog.tsx';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Help
      </button>
      <MediaHelpDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('MediaHelpDialog', () => {
  it('lists the features and the limits text, and gives focus back when closed', async () => {
    const { container } = render(<Harness />);
    const opener = button(container, 'Help')!;
    act(() => {
      opener.focus();
      opener.click();
    });
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.querySelector('h2')!.textContent).toBe('Media Upload Features');
    expect(dialog.textContent).toContain(UPLOAD_LIMITS_TEXT);
    expect(dialog.textContent).toContain('videos 200MB, audio 50MB, documents 25MB, images 10MB');
    expect(dialog.textContent).toContain('up to 10 as a gallery');
    act(() => button(dialog, 'Got it')!.click());
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
