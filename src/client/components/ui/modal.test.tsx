import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../test/helpers';
import { Modal } from './modal';

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});

describe('a modal dialog', () => {
  it('holds Quick exit, which the page behind it can no longer offer, and opens on its Close button', () => {
    stubFetch(() => json(200, { demoMode: false }));
    renderWithApp(
      <Modal open onClose={() => undefined} title="Need help right now?" side="left">
        <a href="tel:000">000</a>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Need help right now?' });
    const quickExit = within(dialog).getByRole('button', { name: 'Quick Exit' });
    expect(quickExit).toHaveAccessibleDescription(/press Esc three times/);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    // First in the dialog, as in the page, but the dialog opens on Close: one Enter too many does not leave.
    expect(quickExit.compareDocumentPosition(close) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(close).toHaveFocus();
  });
});
