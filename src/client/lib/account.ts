import { exportFileName, type AccountExport } from '../../shared/schemas/account';
import { api } from './api';

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetches everything we hold about the signed-in person and saves it as a JSON file. Through the api wrapper,
 * so a refusal (signed out, too many downloads) reads like every other error.
 */
export async function downloadMyData(): Promise<void> {
  const data = await api<AccountExport>('/api/me/export');
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  saveBlob(blob, exportFileName(data.exportedAt));
}
