import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, sampleQuestion, sampleUser, stubFetch } from '../test/helpers';
import { stubPush, unstubPush } from '../test/push-fixtures';
import { AskDialog } from './ask-dialog';

function serve() {
  return stubFetch((url) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/questions') return json(201, { ...sampleQuestion, isOwn: true });
    if (url === '/api/notifications/push-key') return json(200, { publicKey: 'BPublicKey_-01xy' });
    return json(201, {});
  });
}

async function ask() {
  const onClose = vi.fn();
  renderWithApp(<AskDialog open onClose={onClose} />, { user: sampleUser });
  await userEvent.type(screen.getByLabelText('Title'), 'Where do I get a tax file number?');
  await userEvent.type(screen.getByLabelText('Details'), 'I start a casual job next week.');
  await userEvent.click(screen.getByRole('button', { name: 'Post Question' }));
  return onClose;
}

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

describe('the offer of alerts after asking', () => {
  afterEach(() => unstubPush());

  it('asks once, after the question is posted, and the browser’s question comes from the tap', async () => {
    serve();
    const push = stubPush();
    const onClose = await ask();
    const accept = await screen.findByRole('button', { name: 'Tell Me When Someone Answers' });
    expect(screen.getByRole('dialog', { name: 'Your question is posted' })).toBeInTheDocument();
    expect(accept).toHaveFocus();
    expect(accept).toHaveAccessibleDescription(/^Would you like an alert on this device/);
    expect(push.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(accept);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(push.requestPermission).toHaveBeenCalledOnce();
    expect(push.state.subscribed).toBe(true);
  });

  it('closes as before where alerts cannot be had (jsdom has no push)', async () => {
    serve();
    const onClose = await ask();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByTestId('toast')).toHaveTextContent('Question posted!');
    expect(screen.queryByRole('button', { name: 'Tell Me When Someone Answers' })).not.toBeInTheDocument();
  });
});
