import { expect, test } from '@playwright/test';

test('the government page shows the status of the official online services', async ({ page }) => {
  await page.goto('/government');
  await expect(page.getByRole('heading', { level: 1, name: 'Government Support Resources' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Service status' })).toBeVisible();
  const services = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /ImmiAccount|myGov|Australian Taxation Office/ }) });
  await expect(services).toHaveCount(3);
  for (const name of [
    'ImmiAccount',
    'Department of Home Affairs',
    'myGov',
    'Services Australia',
    'Australian Taxation Office',
    'Fair Work Ombudsman',
    'Study Australia',
  ]) {
    const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }
  // Each shows one of the four states in words, not only as a colour.
  const statuses = page.getByText(/^(Operational|Slow or having problems|Not answering|Unknown)/);
  await expect(statuses).toHaveCount(7);
});

test('the status panel is in Vietnamese too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('mentorme.language', 'vi'));
  await page.goto('/government');
  await expect(page.getByRole('heading', { name: 'Tình trạng dịch vụ' })).toBeVisible();
});
