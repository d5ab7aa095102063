import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '../features/home/test/render.tsx';
import { avatarSrc, UserAvatar } from './user-avatar.tsx';

afterEach(cleanup);

describe('avatarSrc', () => {
  it('loads stored profile images as their thumbnail and external pictures as they are', () => {
    expect(avatarSrc('/objects/uploads/abc')).toBe('/objects/uploads/abc?variant=thumb');
    expect(avatarSrc('uploads/abc')).toBe('/objects/uploads/abc?variant=thumb');
    expect(avatarSrc('/uploads/abc')).toBe('/objects/uploads/abc?variant=thumb');
    expect(avatarSrc('/objects/uploads/abc?variant=thumb')).toBe('/objects/uploads/abc?variant=thumb');
    expect(avatarSrc('https://idp.example.org/pic.jpg')).toBe('https://idp.example.org/pic.jpg');
    expect(avatarSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(avatarSrc('blob:http://localhost/1')).toBe('blob:http://localhost/1');
    expect(avatarSrc(null)).toBeUndefined();
    expect(avatarSrc('')).toBeUndefined();
  });
});

describe('UserAvatar', () => {
  it('shows the initials when there is no picture', async () => {
    const { container } = render(
      <UserAvatar user={{ firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null }} />,
    );
    await waitFor(() => expect(container.textContent).toBe('AL'));
    expect(container.querySelector('img')).toBeNull();
  });
});
