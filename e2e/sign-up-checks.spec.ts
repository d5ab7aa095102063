import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers.ts';

test('the sign-up form says a common password is too common before submitting', async ({ page }) => {
  let registerCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/register')) registerCalls++;
  });
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('common'));
  const password = page.getByLabel('Password');
  await password.fill('Password123');
  await expect(page.getByText('This password is too common: choose another.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(password).toBeFocused();
  expect(registerCalls).toBe(0);

  await password.fill('violet tram 42 harbour');
  await expect(page.getByText('At least 8 characters.')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
});
